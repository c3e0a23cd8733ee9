import { type ChatRequest, type ChatResponse, createConversionContext, type Part } from "@interlingua/core";
import {
  chatResponseArbitrary,
  createSpecValidator,
  interactionsSchemaProblems,
} from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backendRequestProblems } from "./backend-validator";
import {
  type BackendAnswer,
  codecs,
  createLegalityGateway,
  frontRequest,
  type LegalityFormat,
  sseData,
} from "./legality-gateway";
import type { BackendRequest } from "./rules/backend-rule";
import { modelsByBackend, sourceRequestArbitrary } from "./source-request-arbitrary";

/**
 * Backend legality across formats: for every front and every other backend, requests a caller of the
 * front could send (generated canonical requests biased to the edges, encoded by the front's codec)
 * go through the gateway, and what reaches the backend must pass the backend's validator (its vendor
 * schema and its rule table); the backend's answer, with finish reasons the front does not know,
 * must come back valid against the front's vendor schema, with the caller's own tool names.
 * `pnpm test` runs 500 cases a pair; `pnpm fuzz:legality` runs 50,000 (or LEGALITY_RUNS).
 */
const runs = Number(process.env.LEGALITY_RUNS ?? 500);
const formats: LegalityFormat[] = [
  "messages",
  "responses",
  "generate-content",
  "chat-completions",
  "interactions",
];

/** Finish reasons each backend may answer with: its usual ones, rarer ones, and a value no document lists yet. */
const rawFinishReasons: Record<LegalityFormat, string[]> = {
  messages: ["refusal", "pause_turn", "model_context_window_exceeded", "a_future_reason"],
  responses: ["max_output_tokens", "content_filter", "a_future_reason"],
  "generate-content": [
    "OTHER",
    "LANGUAGE",
    "FINISH_REASON_UNSPECIFIED",
    "SPII",
    "MALFORMED_FUNCTION_CALL",
    "A_FUTURE_REASON",
  ],
  // `eos`: llama.cpp's and some vLLM builds' own (SPEC-NOTES.md).
  "chat-completions": ["content_filter", "function_call", "eos", "a_future_reason"],
  interactions: ["incomplete", "cancelled", "requires_continuation", "budget_exceeded"],
};

/** Finish reasons of each backend that no other format has a value for: they reach another front as a loss. */
const unmappableFinishReasons = new Set([
  "a_future_reason",
  "eos",
  "OTHER",
  "LANGUAGE",
  "FINISH_REASON_UNSPECIFIED",
  "A_FUTURE_REASON",
]);

/** The answer schema of each front, whole and streamed. */
const answerSchemas: Record<LegalityFormat, { whole: string; event: string }> = {
  messages: { whole: "Message", event: "MessageStreamEvent" },
  responses: { whole: "Response", event: "ResponseStreamEvent" },
  "generate-content": { whole: "GenerateContentResponse", event: "GenerateContentResponse" },
  "chat-completions": { whole: "CreateChatCompletionResponse", event: "CreateChatCompletionStreamResponse" },
  interactions: { whole: "InteractionsInteraction", event: "InteractionsEvent" },
};

/** Validates a front's answers against its schema (for interactions, the one compiled from the client's types). */
function answerValidator(front: LegalityFormat): { validate(schema: string, value: unknown): string[] } {
  if (front !== "interactions") return createSpecValidator(front);
  return {
    validate: (schema, value) =>
      interactionsSchemaProblems(schema as "InteractionsInteraction" | "InteractionsEvent", value),
  };
}

/** Problems of an error answer in a front's format (its vendor schema's error shape). */
function errorProblems(format: LegalityFormat, body: unknown): string[] {
  if (format !== "generate-content" && format !== "interactions")
    return createSpecValidator(format).validate("ErrorResponse", body);
  const error = (body as { error?: Record<string, unknown> }).error;
  return typeof error?.message === "string" && typeof error.status === "string" && error.code === 400
    ? []
    : [`not a generate-content error: ${JSON.stringify(body)}`];
}

/** The function names a backend request declares. */
function declaredNames(format: LegalityFormat, body: Record<string, unknown>): string[] {
  const tools = (body.tools as Record<string, unknown>[] | undefined) ?? [];
  if (format === "interactions")
    return tools.flatMap((tool) => (tool.type === "function" ? [tool.name as string] : []));
  if (format === "generate-content")
    return tools.flatMap((tool) =>
      ((tool.functionDeclarations as { name: string }[] | undefined) ?? []).map((d) => d.name),
    );
  if (format === "responses")
    return tools.flatMap((tool) => (tool.type === "function" ? [tool.name as string] : []));
  if (format === "chat-completions")
    return tools.flatMap((tool) => {
      const name = (tool.function as { name?: string } | undefined)?.name;
      return name === undefined ? [] : [name];
    });
  return tools.flatMap((tool) => (tool.input_schema !== undefined ? [tool.name as string] : []));
}

/** The function names a front answer calls. */
function calledNames(format: LegalityFormat, answer: Record<string, unknown>): string[] {
  if (format === "interactions")
    return ((answer.steps as Record<string, unknown>[]) ?? []).flatMap((step) =>
      step.type === "function_call" ? [step.name as string] : [],
    );
  if (format === "messages")
    return ((answer.content as Record<string, unknown>[]) ?? []).flatMap((block) =>
      block.type === "tool_use" ? [block.name as string] : [],
    );
  if (format === "responses")
    return ((answer.output as Record<string, unknown>[]) ?? []).flatMap((item) =>
      item.type === "function_call" ? [item.name as string] : [],
    );
  if (format === "chat-completions")
    return (
      (answer.choices as { message?: { tool_calls?: { function?: { name?: string } }[] } }[]) ?? []
    ).flatMap((choice) =>
      (choice.message?.tool_calls ?? []).flatMap((call) => (call.function?.name ? [call.function.name] : [])),
    );
  return ((answer.candidates as { content?: { parts?: Record<string, unknown>[] } }[]) ?? []).flatMap(
    (candidate) =>
      (candidate.content?.parts ?? []).flatMap((part) => {
        const call = part.functionCall as { name?: string } | undefined;
        return call?.name === undefined ? [] : [call.name];
      }),
  );
}

/** The function names a front's stream calls. */
function streamedNames(format: LegalityFormat, events: unknown[]): string[] {
  return events.flatMap((event) => {
    const wire = event as Record<string, Record<string, unknown> | undefined>;
    if (format === "interactions")
      return wire.step?.type === "function_call" ? [wire.step.name as string] : [];
    if (format === "messages")
      return wire.content_block?.type === "tool_use" ? [wire.content_block.name as string] : [];
    if (format === "responses")
      return wire.type === ("response.output_item.added" as never) && wire.item?.type === "function_call"
        ? [wire.item.name as string]
        : [];
    if (format === "chat-completions")
      return (
        (event as { choices?: { delta?: { tool_calls?: { function?: { name?: string } }[] } }[] }).choices ??
        []
      ).flatMap((choice) =>
        (choice.delta?.tool_calls ?? []).flatMap((call) => (call.function?.name ? [call.function.name] : [])),
      );
    return calledNames(format, event as Record<string, unknown>);
  });
}

/** A generated answer as the backend gives it: tool calls name the functions the request declared. */
function asBackendAnswers(response: ChatResponse, names: string[]): ChatResponse {
  const rename = (parts: Part[]) =>
    parts.flatMap((part, index): Part[] => {
      if (part.type !== "tool-call") return [part];
      return names.length === 0 ? [] : [{ ...part, name: names[index % names.length]! }];
    });
  return {
    ...response,
    parts: rename(response.parts),
    ...(response.candidates && {
      candidates: response.candidates.map((candidate) => ({ ...candidate, parts: rename(candidate.parts) })),
    }),
  };
}

const caseArbitrary = (backend: LegalityFormat) =>
  fc.record({
    request: sourceRequestArbitrary,
    model: fc.constantFrom(...modelsByBackend[backend]),
    // A failed answer is the backend's error, answered as one: the legality of answers is about the others.
    answer: chatResponseArbitrary.filter((response) => response.status !== "failed"),
    rawFinishReason: fc.option(fc.constantFrom(...rawFinishReasons[backend]), { nil: undefined }),
    checkStrict: fc.boolean(),
  });

describe("backend legality: every request the gateway sends is one the backend accepts", () => {
  for (const front of formats)
    for (const backend of formats) {
      if (front === backend) continue;
      const legality = createLegalityGateway(backend);
      const frontSpec = answerValidator(front);
      it(
        `${front} front → ${backend} backend`,
        async () => {
          const outcomes = { forwarded: 0, refused: 0 };
          await fc.assert(
            fc.asyncProperty(
              caseArbitrary(backend),
              async ({ request, model, answer, rawFinishReason, checkStrict }) => {
                const sourceRequest: ChatRequest = { ...request, model };
                let wire: Record<string, unknown>;
                try {
                  wire = codecs[front].encodeRequest(sourceRequest, createConversionContext()) as Record<
                    string,
                    unknown
                  >;
                } catch {
                  outcomes.refused++;
                  return;
                }
                let sent: BackendRequest | undefined;
                legality.reset((received) => {
                  sent = received;
                  const response = asBackendAnswers(answer, declaredNames(backend, received.body));
                  return { response, rawFinishReason } satisfies BackendAnswer;
                });
                const stream = request.stream === true;
                const answered = await legality.gateway.fetch(frontRequest(front, wire, model, stream));
                const text = await answered.text();
                if (sent === undefined) {
                  // Refused before any backend call: only ever as the caller's own mistake, never a 5xx.
                  expect(answered.status, text).toBeLessThan(500);
                  expect(answered.status, text).toBeGreaterThanOrEqual(400);
                  outcomes.refused++;
                  return;
                }
                outcomes.forwarded++;
                expect(
                  backendRequestProblems(backend, sent),
                  JSON.stringify(sent.body).slice(0, 2000),
                ).toEqual([]);
                expect(answered.status, text.slice(0, 500)).toBe(200);
                const schemas = answerSchemas[front];
                if (stream) {
                  const events = sseData(text);
                  for (const name of streamedNames(front, events))
                    expect(declaredNames(front, wire)).toContain(name);
                  events.forEach((event, index) => {
                    expect(
                      frontSpec.validate(schemas.event, event),
                      `event ${index}: ${JSON.stringify(event)}`,
                    ).toEqual([]);
                  });
                  return;
                }
                const body = JSON.parse(text) as Record<string, unknown>;
                expect(frontSpec.validate(schemas.whole, body), text.slice(0, 1000)).toEqual([]);
                // The caller's own names: those of its request as its format spelled them.
                const sourceNames = declaredNames(front, wire);
                for (const name of calledNames(front, body)) expect(sourceNames).toContain(name);
                const losses = legality.report()?.losses ?? [];
                if (rawFinishReason !== undefined && unmappableFinishReasons.has(rawFinishReason))
                  expect(
                    losses.some((loss) => loss.message.includes(rawFinishReason)),
                    `${rawFinishReason}: ${JSON.stringify(losses)}`,
                  ).toBe(true);
                // Every change is a reported loss: the header counts them, and strict mode refuses the
                // exchange exactly when there is one, in the caller's format; without any, it sends the same body.
                expect(answered.headers.get("x-interlingua-losses")).toBe(String(losses.length));
                if (!checkStrict) return;
                const lossless = sent;
                sent = undefined;
                const strictAnswer = await legality.gateway.fetch(
                  frontRequest(front, wire, model, false, true),
                );
                const strictText = await strictAnswer.text();
                if (losses.length === 0) {
                  expect(strictAnswer.status, strictText.slice(0, 500)).toBe(200);
                  expect((sent as BackendRequest | undefined)?.body).toEqual(lossless.body);
                } else {
                  expect(strictAnswer.status, strictText.slice(0, 500)).toBe(400);
                  expect(errorProblems(front, JSON.parse(strictText))).toEqual([]);
                }
              },
            ),
            { numRuns: runs },
          );
          // Not satisfied by luck: most generated requests reach the backend.
          expect(outcomes.forwarded, JSON.stringify(outcomes)).toBeGreaterThan(outcomes.refused);
        },
        60_000 + runs * 200,
      );
    }
});
