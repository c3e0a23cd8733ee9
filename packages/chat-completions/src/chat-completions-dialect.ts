import type { ChatCompletionsReasoningTags } from "./message/chat-completions-reasoning-tags";

/**
 * How a chat-completions server spells what the OpenAI API does not define, for encoding to it.
 * Decoding accepts every dialect at once; a provider picks one for what it sends.
 */
export interface ChatCompletionsDialect {
  /**
   * The assistant field carrying reasoning text: `reasoning_content` (DeepSeek, vLLM, llama.cpp),
   * `reasoning` with `reasoning_details` (OpenRouter, Ollama), or none (OpenAI, whose requests take
   * no reasoning text: it is dropped with a loss). Answers always carry it: with none, in
   * `reasoning_content`, which OpenAI's clients ignore and most others read.
   */
  reasoningField: "reasoning_content" | "reasoning" | "none";
  /** The field carrying the output token limit: `max_completion_tokens` (OpenAI) or the older `max_tokens`. */
  maxTokensField: "max_completion_tokens" | "max_tokens";
  /**
   * Tags around reasoning inside the answer's `content` (a server running a reasoning model without
   * a reasoning parser), read as reasoning when decoding its answers, whole and streamed. Unlike the
   * reasoning fields, only a dialect that names them reads them: other content may hold such text.
   */
  reasoningTags?: ChatCompletionsReasoningTags;
}

/**
 * The dialects of the servers the issue names, by name. Sources: DeepSeek's reasoning model guide
 * (api-docs.deepseek.com/guides/reasoning_model), vLLM's reasoning outputs
 * (docs.vllm.ai/en/latest/features/reasoning_outputs.html), llama.cpp server's README
 * (`reasoning_format: deepseek` puts it in `message.reasoning_content`), OpenRouter's reasoning
 * tokens guide (openrouter.ai/docs/use-cases/reasoning-tokens: `reasoning` and `reasoning_details`),
 * Ollama's OpenAI compatibility (docs.ollama.com/api/openai-compatibility: `reasoning`). The two
 * tag dialects are any such server running a reasoning model without a reasoning parser, whose
 * reasoning arrives inside `<think>…</think>` in `content`, as vLLM's `deepseek_r1` reasoning parser
 * (docs.vllm.ai/en/latest/api/vllm/reasoning/deepseek_r1_reasoning_parser.html) and SGLang's
 * separate-reasoning parsers (docs.sglang.io/docs/advanced_features/separate_reasoning) read it:
 * `think-tags` when the answer opens the tag (QwQ, Qwen3, DeepSeek-R1-0528), `think-tags-prefilled`
 * when the chat template opened it in the prompt (DeepSeek-R1 and its distills). Reasoning is not
 * sent back to them (the models' templates drop it from history, as DeepSeek's guide asks).
 */
export const chatCompletionsDialects = {
  openai: { reasoningField: "none", maxTokensField: "max_completion_tokens" },
  deepseek: { reasoningField: "reasoning_content", maxTokensField: "max_tokens" },
  vllm: { reasoningField: "reasoning_content", maxTokensField: "max_tokens" },
  "llama.cpp": { reasoningField: "reasoning_content", maxTokensField: "max_tokens" },
  openrouter: { reasoningField: "reasoning", maxTokensField: "max_tokens" },
  ollama: { reasoningField: "reasoning", maxTokensField: "max_tokens" },
  "think-tags": {
    reasoningField: "none",
    maxTokensField: "max_tokens",
    reasoningTags: { open: "<think>", close: "</think>" },
  },
  "think-tags-prefilled": {
    reasoningField: "none",
    maxTokensField: "max_tokens",
    reasoningTags: { open: "<think>", close: "</think>", openedByPrompt: true },
  },
} as const satisfies Record<string, ChatCompletionsDialect>;

/** The name of a built-in dialect. */
export type ChatCompletionsDialectName = keyof typeof chatCompletionsDialects;

/** The dialect the codec encodes by default: the OpenAI API's own. */
export const defaultChatCompletionsDialect: ChatCompletionsDialect = chatCompletionsDialects.openai;

/** The field an answer carries reasoning text in, in `dialect`: its own, else `reasoning_content`. */
export function answerReasoningField(dialect: ChatCompletionsDialect): "reasoning_content" | "reasoning" {
  return dialect.reasoningField === "none" ? "reasoning_content" : dialect.reasoningField;
}
