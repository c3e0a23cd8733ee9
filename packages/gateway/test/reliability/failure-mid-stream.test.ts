import { chatCompletionsCodec } from "@interlingua/chat-completions";
import type { AnyCodec, ChatEvent } from "@interlingua/core";
import { createSpecValidator, type LocalServer, serveFetch } from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../../src/index";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

/**
 * A stream that fails after content went out, on every front over real HTTP: by a loss in strict
 * mode (the front's encoder refuses a part mid-stream) and by the upstream's own error event. Either
 * way the body goes on as the same stream (same ids, numbering going on) and ends with the front's
 * terminal error events, each checked against the front's vendor spec.
 */

type Front = "messages" | "responses" | "generate-content" | "chat-completions" | "interactions";

const text = "Hello there";
const opening: ChatEvent[] = [
  { type: "response-start", id: "resp_upstream_1", model: "upstream-model" },
  { type: "part-start", index: 0, kind: "text" },
  { type: "text-delta", index: 0, text },
  { type: "part-end", index: 0, part: { type: "text", text } },
];
const end: ChatEvent = {
  type: "response-end",
  finishReason: { reason: "stop" },
  usage: { inputTokens: 2, outputTokens: 4 },
};
const upstreamFailure: ChatEvent = {
  type: "error",
  error: { kind: "overloaded", status: 529, message: "Overloaded, try later." },
};

/**
 * For each front, a backend of another format and an answer whose end the front cannot say: the
 * messages and generate-content formats have no refusal, the responses format streams one
 * candidate, the chat-completions and interactions formats do not say which stop sequence matched.
 */
const secondCandidate: ChatEvent[] = [
  {
    ...end,
    candidates: [{ index: 1, parts: [{ type: "text", text: "Hi" }], finishReason: { reason: "stop" } }],
  } as ChatEvent,
];
const lossyAnswers: Record<Front, { backend: string; tail: ChatEvent[] }> = {
  // A responses backend would fail a strict stream at its first output item's id, before any
  // content; a responses or chat-completions one to messages or generate-content at its creation time.
  messages: { backend: "generate-content", tail: secondCandidate },
  "generate-content": {
    backend: "messages",
    tail: [
      { ...end, finishReason: { reason: "stop", raw: "stop_sequence" }, stopSequence: "END" } as ChatEvent,
    ],
  },
  responses: { backend: "generate-content", tail: secondCandidate },
  "chat-completions": {
    backend: "messages",
    tail: [
      { ...end, finishReason: { reason: "stop", raw: "stop_sequence" }, stopSequence: "END" } as ChatEvent,
    ],
  },
  interactions: {
    backend: "messages",
    tail: [
      { ...end, finishReason: { reason: "stop", raw: "stop_sequence" }, stopSequence: "END" } as ChatEvent,
    ],
  },
};

const upstreams = new Map<string, ScriptedUpstream>();
let server: LocalServer;

beforeAll(async () => {
  for (const codec of [
    messagesCodec,
    responsesCodec,
    generateContentCodec,
    chatCompletionsCodec,
  ] as AnyCodec[])
    upstreams.set(codec.id, await createScriptedUpstream(codec));
  const gateway = createGateway({
    providers: Object.fromEntries(
      [...upstreams].map(([id, upstream]) => [id, { type: id as never, baseURL: upstream.url, apiKey: "k" }]),
    ),
    routes: [...upstreams.keys()].map((id) => ({ model: `via-${id}`, provider: id, upstreamModel: "m" })),
  });
  server = await serveFetch(gateway.fetch);
});

afterAll(async () => {
  await server.close();
  for (const upstream of upstreams.values()) await upstream.close();
});

function frontRequest(front: Front, model: string, strict: boolean): Request {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (strict) headers["x-interlingua-strict"] = "1";
  const post = (path: string, body: unknown, auth: Record<string, string>) =>
    new Request(`${server.url}${path}`, {
      method: "POST",
      headers: { ...headers, ...auth },
      body: JSON.stringify(body),
    });
  switch (front) {
    case "messages":
      return post(
        "/v1/messages",
        { model, max_tokens: 64, stream: true, messages: [{ role: "user", content: "Hi" }] },
        { "x-api-key": "caller", "anthropic-version": "2023-06-01" },
      );
    case "responses":
      return post(
        "/v1/responses",
        { model, stream: true, max_output_tokens: 64, input: "Hi" },
        { authorization: "Bearer caller" },
      );
    case "generate-content":
      return post(
        `/v1beta/models/${model}:streamGenerateContent?alt=sse`,
        { contents: [{ role: "user", parts: [{ text: "Hi" }] }], generationConfig: { maxOutputTokens: 64 } },
        { "x-goog-api-key": "caller" },
      );
    case "chat-completions":
      return post(
        "/v1/chat/completions",
        { model, stream: true, max_completion_tokens: 64, messages: [{ role: "user", content: "Hi" }] },
        { authorization: "Bearer caller" },
      );
    case "interactions":
      return post(
        "/v1beta/interactions",
        { model, stream: true, input: "Hi", generation_config: { max_output_tokens: 64 } },
        { "x-goog-api-key": "caller" },
      );
  }
}

/** The `data:` payloads of an SSE body, in order (`[DONE]` kept as the string). */
function sseData(body: string): unknown[] {
  return body
    .split(/\r?\n\r?\n/)
    .flatMap((block) => {
      const data = block
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart());
      return data.length === 0 ? [] : [data.join("\n")];
    })
    .map((data) => (data === "[DONE]" ? data : JSON.parse(data)));
}

type Wire = Record<string, unknown>;

/** Problems of a failed stream of `front` against its spec and its own stream rules. */
function failedStreamProblems(front: Front, events: unknown[]): string[] {
  const problems: string[] = [];
  const check = (schema: string, event: unknown, index: number): void => {
    // The interactions events are checked against the compiled schema in its package's tests.
    if (front === "interactions") return;
    const spec = createSpecValidator(front);
    problems.push(...spec.validate(schema, event).map((problem) => `event ${index} (${schema}): ${problem}`));
  };
  const wire = events as Wire[];
  const last = wire.at(-1);
  switch (front) {
    case "messages": {
      for (const [index, event] of wire.slice(0, -1).entries()) check("MessageStreamEvent", event, index);
      check("ErrorResponse", last, wire.length - 1);
      if (wire[0]?.type !== "message_start") problems.push("the stream does not open with message_start");
      if (wire.some((event) => event.type === "message_stop"))
        problems.push("a failed stream has message_stop");
      break;
    }
    case "responses": {
      for (const [index, event] of wire.entries()) check("ResponseStreamEvent", event, index);
      wire.forEach((event, index) => {
        if (event.sequence_number !== index)
          problems.push(`event ${index} has sequence_number ${String(event.sequence_number)}`);
      });
      const created = wire[0]?.response as Wire | undefined;
      const failed = last?.response as Wire | undefined;
      if (wire.at(-2)?.type !== "error") problems.push("no error event before response.failed");
      if (last?.type !== "response.failed" || !failed)
        problems.push("the stream does not end with response.failed");
      else {
        for (const field of ["id", "created_at", "model"] as const)
          if (failed[field] !== created?.[field])
            problems.push(
              `response.failed has ${field} ${String(failed[field])}, not ${String(created?.[field])}`,
            );
        if ((failed.error as Wire | null)?.message === undefined)
          problems.push("response.failed has no error");
      }
      const added = wire.filter((event) => event.type === "response.output_item.added").length;
      const done = wire.filter((event) => event.type === "response.output_item.done").length;
      if (added !== done) problems.push(`${added} items added, ${done} done`);
      break;
    }
    case "chat-completions": {
      if (wire.includes("[DONE]" as never)) problems.push("a failed stream closes with [DONE]");
      const chunks = wire.slice(0, -1);
      for (const [index, chunk] of chunks.entries())
        check("CreateChatCompletionStreamResponse", chunk, index);
      check("ErrorResponse", last, wire.length - 1);
      if (new Set(chunks.map((chunk) => chunk.id)).size !== 1) problems.push("the chunks name several ids");
      break;
    }
    case "generate-content": {
      const chunks = wire.slice(0, -1);
      for (const [index, chunk] of chunks.entries()) check("GenerateContentResponse", chunk, index);
      check("Error", last, wire.length - 1);
      if (new Set(chunks.map((chunk) => chunk.responseId)).size !== 1)
        problems.push("the chunks name several response ids");
      break;
    }
    case "interactions": {
      wire.forEach((event, index) => {
        if (event.event_id !== String(index + 1))
          problems.push(`event ${index} has event_id ${String(event.event_id)}`);
      });
      if (wire[0]?.event_type !== "interaction.created")
        problems.push("the stream does not open with interaction.created");
      if (wire.some((event) => event.event_type === "interaction.completed"))
        problems.push("a failed stream has interaction.completed");
      const error = last?.error as Wire | undefined;
      if (
        last?.event_type !== "error" ||
        typeof error?.message !== "string" ||
        typeof error.code !== "string"
      )
        problems.push("the stream does not end with an error event with a message and a code");
      const started = wire.filter((event) => event.event_type === "step.start").length;
      const stopped = wire.filter((event) => event.event_type === "step.stop").length;
      if (started !== stopped) problems.push(`${started} steps started, ${stopped} stopped`);
      break;
    }
  }
  return problems;
}

const fronts: Front[] = ["messages", "responses", "generate-content", "chat-completions", "interactions"];

describe.each(fronts)("a %s stream failing after content went out", (front) => {
  const { backend, tail } = lossyAnswers[front];

  it("by a loss in strict mode continues the same stream to the front's error", async () => {
    upstreams.get(backend)!.answer(() => ({ events: [...opening, ...tail] }));
    const response = await fetch(frontRequest(front, `via-${backend}`, true));
    expect(response.status).toBe(200);
    const body = await response.text();
    const events = sseData(body);
    expect(JSON.stringify(events)).toContain(text);
    expect(failedStreamProblems(front, events)).toEqual([]);
    expect(JSON.stringify(events.at(-1))).toContain("Strict conversion");
  });

  it("by the upstream's error event continues the same stream to the front's error", async () => {
    upstreams.get(backend)!.answer(() => ({ events: [...opening, upstreamFailure] }));
    const response = await fetch(frontRequest(front, `via-${backend}`, false));
    expect(response.status).toBe(200);
    const events = sseData(await response.text());
    expect(JSON.stringify(events)).toContain(text);
    expect(failedStreamProblems(front, events)).toEqual([]);
    expect(JSON.stringify(events.at(-1))).toContain("Overloaded, try later.");
  });

  it("without strict mode goes on past the same part to the answer's end", async () => {
    upstreams.get(backend)!.answer(() => ({ events: [...opening, ...tail] }));
    const response = await fetch(frontRequest(front, `via-${backend}`, false));
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain("Strict conversion");
    expect(body).toContain(text);
  });
});
