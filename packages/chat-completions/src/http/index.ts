// `@interlingua/chat-completions/http`: the chat-completions format on HTTP, without the codec: the
// binding, the error body and the dialects servers are configured with. A gateway that loads the
// codec on the format's first request imports this at start-up (decision 0023).
export {
  type ChatCompletionsDialect,
  type ChatCompletionsDialectName,
  chatCompletionsDialects,
} from "../chat-completions-dialect";
export { chatCompletionsErrorToWire } from "../errors/chat-completions-error-to-wire";
export { chatCompletionsProviderCapabilities } from "../provider/chat-completions-provider-capabilities";
export { chatCompletionsHttpBinding } from "./chat-completions-http-binding";
