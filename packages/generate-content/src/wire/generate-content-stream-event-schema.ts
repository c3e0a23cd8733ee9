import * as z from "zod/mini";
import { GenerateContentErrorBody } from "./generate-content-error-schema";
import { GenerateContentResponse } from "./generate-content-response-schema";

/** One `data:` payload of `streamGenerateContent?alt=sse`: a partial response, or an error body that ends the stream. */
export const GenerateContentStreamEvent = z.union([GenerateContentErrorBody, GenerateContentResponse]);
/** A stream payload; see {@link GenerateContentStreamEvent}. */
export type GenerateContentStreamEvent = z.infer<typeof GenerateContentStreamEvent>;
