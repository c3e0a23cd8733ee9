import * as z from "zod/mini";
import { CodePart } from "./code-part";
import { CodeResultPart } from "./code-result-part";
import { HostedToolCallPart } from "./hosted-tool-call-part";
import { HostedToolResultPart } from "./hosted-tool-result-part";
import { MediaPart } from "./media-part";
import { ReasoningPart } from "./reasoning-part";
import { RefusalPart } from "./refusal-part";
import { TextPart } from "./text-part";
import { ToolCallPart } from "./tool-call-part";
import { ToolResultPart } from "./tool-result-part";

/** Any piece of a message or of a response's output, discriminated on `type`. */
export const Part = z.discriminatedUnion("type", [
  TextPart,
  MediaPart,
  ToolCallPart,
  ToolResultPart,
  ReasoningPart,
  CodePart,
  CodeResultPart,
  RefusalPart,
  HostedToolCallPart,
  HostedToolResultPart,
]);
/** Any message or output part; see {@link Part}. */
export type Part = z.infer<typeof Part>;
/** The `type` tag of a {@link Part}. */
export type PartType = Part["type"];
