import { defaultResponsesModelFamilies, type ResponsesModelFamily } from "./request/responses-model-families";

/** Options of the responses codec (`createResponsesCodec`) and provider. */
export interface ResponsesCodecOptions {
  /**
   * Model families to know besides the built-in ones (`defaultResponsesModelFamilies`), checked
   * first: a deployment's own model names, or a new family before this package knows it.
   */
  modelFamilies?: readonly ResponsesModelFamily[];
}

/** The model families `options` asks for: its own first, then the built-in ones. */
export function responsesModelFamiliesOf(
  options: ResponsesCodecOptions = {},
): readonly ResponsesModelFamily[] {
  return options.modelFamilies?.length
    ? [...options.modelFamilies, ...defaultResponsesModelFamilies]
    : defaultResponsesModelFamilies;
}
