// `@interlingua/messages/http`: the messages format on HTTP, without the codec. A gateway that
// loads the codec on the format's first request imports this at start-up (decision 0023).
export { messagesErrorToWire } from "../errors/messages-error-to-wire";
export { messagesProviderCapabilities } from "../provider/messages-provider-capabilities";
export { messagesApiVersion, messagesHttpBinding } from "./messages-http-binding";
