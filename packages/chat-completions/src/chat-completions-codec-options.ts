import {
  type ChatCompletionsDialect,
  type ChatCompletionsDialectName,
  chatCompletionsDialects,
  defaultChatCompletionsDialect,
} from "./chat-completions-dialect";
import {
  type ChatCompletionsModelFamily,
  defaultChatCompletionsModelFamilies,
} from "./request/chat-completions-model-families";

/** Options of the chat-completions codec (`createChatCompletionsCodec`) and provider. */
export interface ChatCompletionsCodecOptions {
  /**
   * How to spell what the OpenAI API does not define when encoding (reasoning text, the output
   * limit field): a built-in dialect's name or a dialect of one's own. Decoding accepts every
   * dialect regardless, but reads reasoning inside content tags only with a dialect that names
   * them (`think-tags`). Defaults to `openai`.
   */
  dialect?: ChatCompletionsDialectName | ChatCompletionsDialect;
  /**
   * Model families to know besides the built-in ones (`defaultChatCompletionsModelFamilies`),
   * checked first: a deployment's own model names, or a family this package does not know yet.
   */
  modelFamilies?: readonly ChatCompletionsModelFamily[];
}

/** The model families `options` asks for: its own first, then the built-in ones. */
export function chatCompletionsModelFamiliesOf(
  options: ChatCompletionsCodecOptions = {},
): readonly ChatCompletionsModelFamily[] {
  return options.modelFamilies?.length
    ? [...options.modelFamilies, ...defaultChatCompletionsModelFamilies]
    : defaultChatCompletionsModelFamilies;
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
