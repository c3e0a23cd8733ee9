import type { AnyCodec, ChatRequest } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import type { SigningStyle } from "./agent-script";
import {
  currentTurnCallsSigned,
  oneSamplingSettingOnNewClaude,
  schemasAreJsonSchema,
  toolTurnStartsWithThinking,
} from "./api-rules";
import type { ExtraRule, SpecCheck } from "./strict-upstream";
import { generateContentSpecCheck, messagesSpecCheck, responsesSpecCheck } from "./vendor-spec-checks";

/** A backend format the cells run over, and how its real API and models behave. */
export interface AgentBackend {
  codec: AnyCodec;
  /** Checks its chat request against the vendor spec. */
  checkSpec: SpecCheck;
  /** The model a route to it names when the caller speaks another format. */
  model: string;
  /** How its models sign a tool-call turn. */
  signing: SigningStyle;
  /** Whether its model reasons before answering this request (and so returns reasoning). */
  thinks(request: ChatRequest): boolean;
  /** The API's rules beyond the schema and the codec's decoder. */
  rules: readonly ExtraRule[];
}

/** The three backends, each with the model a route to it names and its API's rules. */
export const agentBackends: readonly AgentBackend[] = [
  {
    codec: messagesCodec,
    checkSpec: messagesSpecCheck,
    model: "claude-sonnet-4-5",
    signing: "reasoning-part",
    // Thinking is on only when `thinking` says so; an effort alone does not turn it on.
    thinks: (request) => request.reasoning?.enabled === true,
    rules: [toolTurnStartsWithThinking, schemasAreJsonSchema, oneSamplingSettingOnNewClaude],
  },
  {
    codec: responsesCodec,
    checkSpec: responsesSpecCheck,
    model: "gpt-5",
    signing: "reasoning-part",
    // gpt-5 always reasons.
    thinks: () => true,
    rules: [schemasAreJsonSchema],
  },
  {
    codec: generateContentCodec,
    checkSpec: generateContentSpecCheck,
    model: "gemini-3-pro-preview",
    signing: "on-tool-call",
    // Gemini 3 always thinks; its signature rides on the function call.
    thinks: () => true,
    rules: [currentTurnCallsSigned],
  },
];
