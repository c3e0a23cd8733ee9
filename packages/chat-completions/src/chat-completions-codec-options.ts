import {
  type ChatCompletionsDialect,
  type ChatCompletionsDialectName,
  chatCompletionsDialects,
  defaultChatCompletionsDialect,
} from "./chat-completions-dialect";

/** Options of the chat-completions codec (`createChatCompletionsCodec`) and provider. */
export interface ChatCompletionsCodecOptions {
  /**
   * How to spell what the OpenAI API does not define when encoding (reasoning text, the output
   * limit field): a built-in dialect's name or a dialect of one's own. Decoding accepts every
   * dialect regardless. Defaults to `openai`.
   */
  dialect?: ChatCompletionsDialectName | ChatCompletionsDialect;
}

/** The dialect `options` asks for. */
export function chatCompletionsDialectOf(options: ChatCompletionsCodecOptions = {}): ChatCompletionsDialect {
  const { dialect } = options;
  if (dialect === undefined) return defaultChatCompletionsDialect;
  if (typeof dialect !== "string") return dialect;
  const named = chatCompletionsDialects[dialect];
  if (named === undefined) throw new TypeError(`Unknown chat-completions dialect ${JSON.stringify(dialect)}`);
  return named;
}
