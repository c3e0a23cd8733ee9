import {
  type ChatEvent,
  createConversionContext,
  findEventSequenceProblems,
  StreamParseFailure,
  transformAll,
} from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { readFixtures, readRecordedStream } from "../../test/support/recordings";
import { createResponsesStreamDecoder } from "./create-responses-stream-decoder";
import { createResponsesStreamEncoder } from "./create-responses-stream-encoder";

const decode = (events: unknown[]) =>
  transformAll(events, createResponsesStreamDecoder(createConversionContext()));
const encode = (events: ChatEvent[], request?: Parameters<typeof createConversionContext>[0]) =>
  transformAll(events, createResponsesStreamEncoder(createConversionContext(request)));

describe("responses stream decoder", () => {
  it("ends a stream that stops before response.completed with an unavailable error", async () => {
    const events = (await readRecordedStream("text.sse")).slice(0, -1);
    const decoded = await decode(events);
    expect(findEventSequenceProblems(decoded)).toEqual([]);
    expect(decoded.at(-1)).toMatchObject({
      type: "error",
      error: { kind: "unavailable", message: expect.stringContaining("ended early") },
    });
  });

  it("ends the stream at a parse failure", async () => {
    const events = (await readRecordedStream("text.sse")).slice(0, 5);
    const decoded = await decode([
      ...events,
      new StreamParseFailure("Event data is not valid JSON", "{oops"),
      ...events,
    ]);
    expect(findEventSequenceProblems(decoded)).toEqual([]);
    expect(decoded.at(-1)).toMatchObject({ type: "error", error: { kind: "unavailable" } });
  });

  it.each(["error-event-then-response-failed.sse", "error-insufficient-quota.chunks.jsonl"])(
    "turns the error event and response.failed of %s into one error",
    async (name) => {
      const decoded = await decode(await readRecordedStream(name));
      expect(decoded.map((event) => event.type)).toEqual(["response-start", "error"]);
      expect(decoded[1]).toMatchObject({
        error: { kind: "rate_limit", status: 429, code: "insufficient_quota" },
      });
    },
  );

  it("takes the kind of the failed response when the error event's code is none of this format's", async () => {
    const decoded = await decode([
      { type: "error", code: "RESOURCE_EXHAUSTED", message: "Quota exceeded.", param: null },
      {
        type: "response.failed",
        response: { status: "failed", error: { code: "rate_limit_exceeded", message: "Quota exceeded." } },
      },
    ]);
    expect(decoded).toEqual([
      {
        type: "error",
        error: {
          kind: "rate_limit",
          status: 429,
          message: "Quota exceeded.",
          code: "RESOURCE_EXHAUSTED",
          extensions: { responses: { errorForm: "flat" } },
        },
      },
    ]);
  });

  it("reports an error event that no response.failed follows, without the code its kind says", async () => {
    const decoded = await decode([{ type: "error", code: "server_error", message: "boom", param: null }]);
    expect(decoded).toEqual([
      {
        type: "error",
        error: {
          kind: "internal",
          status: 500,
          message: "boom",
          extensions: { responses: { errorForm: "flat" } },
        },
      },
    ]);
  });

  it("decodes a reasoning item with reasoning_text content parts as one reasoning part that ends", async () => {
    // As open-weight models behind responses-compatible servers stream their reasoning.
    const reasoning = { id: "rs_1", type: "reasoning", summary: [] };
    const text = { type: "reasoning_text", text: "Think." };
    const message = { id: "msg_1", type: "message", role: "assistant", status: "completed" };
    const output = { type: "output_text", text: "Done.", annotations: [] };
    const events = [
      { type: "response.created", response: { id: "resp_1", model: "m", created_at: 1, output: [] } },
      { type: "response.output_item.added", output_index: 0, item: reasoning },
      {
        type: "response.content_part.added",
        output_index: 0,
        content_index: 0,
        item_id: "rs_1",
        part: { type: "reasoning_text", text: "" },
      },
      {
        type: "response.reasoning_text.delta",
        output_index: 0,
        content_index: 0,
        item_id: "rs_1",
        delta: "Think.",
      },
      {
        type: "response.reasoning_text.done",
        output_index: 0,
        content_index: 0,
        item_id: "rs_1",
        text: "Think.",
      },
      { type: "response.content_part.done", output_index: 0, content_index: 0, item_id: "rs_1", part: text },
      { type: "response.output_item.done", output_index: 0, item: { ...reasoning, content: [text] } },
      {
        type: "response.output_item.added",
        output_index: 1,
        item: { ...message, status: "in_progress", content: [] },
      },
      {
        type: "response.content_part.added",
        output_index: 1,
        content_index: 0,
        item_id: "msg_1",
        part: { ...output, text: "" },
      },
      {
        type: "response.output_text.delta",
        output_index: 1,
        content_index: 0,
        item_id: "msg_1",
        delta: "Done.",
      },
      { type: "response.output_item.done", output_index: 1, item: { ...message, content: [output] } },
      {
        type: "response.completed",
        response: { id: "resp_1", model: "m", created_at: 1, status: "completed", output: [] },
      },
    ];
    const decoded = await decode(events);
    expect(findEventSequenceProblems(decoded)).toEqual([]);
    expect(decoded.filter((event) => event.type === "part-end").map((event) => event.part.type)).toEqual([
      "reasoning",
      "text",
    ]);
    const encoded = await encode(decoded);
    const added = encoded.filter((event) => event.type === "response.output_item.added") as unknown as {
      output_index: number;
      item: { id: string };
    }[];
    expect(added.map((event) => [event.output_index, event.item.id])).toEqual([
      [0, "rs_1"],
      [1, "msg_1"],
    ]);
  });

  it("decodes the old format without sequence numbers, with parallel calls", async () => {
    const decoded = await decode(await readRecordedStream("parallel-function-calls.sse"));
    expect(findEventSequenceProblems(decoded)).toEqual([]);
    const calls = decoded
      .filter((event) => event.type === "part-end")
      .map((event) => event.type === "part-end" && event.part);
    expect(calls).toMatchObject([
      { type: "tool-call", name: "currentLocation", arguments: {} },
      { type: "tool-call", name: "weather" },
    ]);
    expect(decoded.at(-1)).toMatchObject({ type: "response-end", finishReason: { reason: "tool_calls" } });
  });

  it("turns annotations into citations and web search calls into hosted-tool parts", async () => {
    const decoded = await decode(await readRecordedStream("web-search-annotations.chunks.jsonl"));
    expect(findEventSequenceProblems(decoded)).toEqual([]);
    expect(decoded.filter((event) => event.type === "citation-delta")).toHaveLength(12);
    expect(
      decoded.find((event) => event.type === "part-start" && event.kind === "hosted-tool-call"),
    ).toMatchObject({ name: "web_search" });
  });
});

describe("responses stream encoder", () => {
  const start: ChatEvent = { type: "response-start", id: "resp_1", model: "m", created: 1 };

  it("ends a failing stream with error then response.failed, never response.completed", async () => {
    const encoded = await encode([
      start,
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "Hel" },
      {
        type: "error",
        error: { kind: "overloaded", status: 529, message: "busy", code: "overloaded_error" },
      },
    ]);
    const types = encoded.map((event) => event.type);
    expect(types.slice(-2)).toEqual(["error", "response.failed"]);
    expect(types).not.toContain("response.completed");
    // Nested as live traffic sends it (issue #15, class 7), with the type of its kind.
    expect(encoded.at(-2)).toEqual({
      type: "error",
      sequence_number: encoded.length - 2,
      error: { type: "server_error", code: "overloaded_error", message: "busy", param: null },
    });
    expect(encoded.at(-1)).toMatchObject({
      response: { status: "failed", error: { code: "server_error", message: "busy" } },
    });
    expect(encoded.map((event) => event.sequence_number)).toEqual(encoded.map((_event, index) => index));
  });

  it("gives a live nested error event back nested, its error type kept", async () => {
    const nested = {
      type: "error",
      sequence_number: 1,
      error: { type: "invalid_request_error", code: "invalid_prompt", message: "flagged", param: null },
    };
    const decoded = await decode([
      {
        type: "response.created",
        sequence_number: 0,
        response: { id: "resp_1", model: "m", created_at: 1, output: [] },
      },
      nested,
    ]);
    const encoded = await encode(decoded);
    expect(encoded.find((event) => event.type === "error")).toEqual({
      ...nested,
      sequence_number: expect.any(Number),
    });
  });

  it.each([
    ["flat with a null code", { code: null, message: "boom", param: null }],
    ["flat with its kind's code", { code: "server_error", message: "boom", param: "input" }],
    [
      "nested with its kind's type and code",
      { error: { type: "server_error", code: "server_error", message: "boom", param: null } },
    ],
    ["nested without a type", { error: { code: "insufficient_quota", message: "quota", param: null } }],
  ])("gives an error event %s back as it came", async (_name, fields) => {
    const event = { type: "error", sequence_number: 1, ...fields };
    const decoded = await decode([
      {
        type: "response.created",
        sequence_number: 0,
        response: { id: "resp_1", model: "m", created_at: 1, output: [] },
      },
      event,
    ]);
    const encoded = await encode(decoded);
    expect(encoded.find((wire) => wire.type === "error")).toEqual({
      ...event,
      sequence_number: expect.any(Number),
    });
  });

  it("emits the seed's event order for one text message, with consistent ids and indexes", async () => {
    const encoded = await encode([
      start,
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "Hi" },
      { type: "text-delta", index: 0, text: "!" },
      { type: "part-end", index: 0, part: { type: "text", text: "Hi!" } },
      { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 3, outputTokens: 2 } },
    ]);
    expect(encoded.map((event) => event.type)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    const itemIds = new Set(encoded.map((event) => (event as { item_id?: string }).item_id).filter(Boolean));
    expect(itemIds.size).toBe(1);
    expect(encoded[2]).toMatchObject({
      output_index: 0,
      item: { type: "message", status: "in_progress", content: [] },
    });
    expect(encoded.at(-1)).toMatchObject({
      response: {
        status: "completed",
        usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 },
        output: [{ content: [{ text: "Hi!" }] }],
      },
    });
  });

  it("ends a response cut short with response.incomplete and its reason", async () => {
    const encoded = await encode([
      start,
      { type: "response-end", finishReason: { reason: "length", raw: "max_tokens" } },
    ]);
    expect(encoded.at(-1)).toMatchObject({
      type: "response.incomplete",
      response: { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } },
    });
  });

  it("echoes the request's settings in lifecycle events and streams a foreign tool call", async () => {
    const encoded = await encode(
      [
        start,
        { type: "part-start", index: 0, kind: "tool-call", id: "toolu_1", name: "f" },
        {
          type: "part-end",
          index: 0,
          part: { type: "tool-call", id: "toolu_1", name: "f", arguments: { a: 1 } },
        },
        { type: "response-end", finishReason: { reason: "tool_calls" } },
      ],
      { request: { model: "m", messages: [], temperature: 0.2, serviceTier: "flex" } },
    );
    expect(encoded[0]).toMatchObject({
      type: "response.created",
      response: { temperature: 0.2, service_tier: "flex", status: "in_progress", usage: null },
    });
    const added = encoded.find((event) => event.type === "response.output_item.added") as unknown as {
      item: { id: string };
    };
    const done = encoded.find((event) => event.type === "response.output_item.done") as unknown as {
      item: Record<string, unknown>;
    };
    expect(done.item).toMatchObject({
      type: "function_call",
      id: added.item.id,
      call_id: "toolu_1",
      arguments: '{"a":1}',
    });
    expect(encoded.map((event) => event.type)).toContain("response.function_call_arguments.delta");
    expect(encoded.find((event) => event.type === "response.function_call_arguments.done")).toMatchObject({
      name: "f",
      arguments: '{"a":1}',
    });
  });

  it("streams spaced argument text as it came, with no loss, and reports arguments that changed", async () => {
    const streamCall = async (finalArguments: Record<string, unknown>) => {
      const context = createConversionContext();
      const encoded = await transformAll(
        [
          start,
          { type: "part-start", index: 0, kind: "tool-call", id: "toolu_1", name: "get_weather" },
          { type: "tool-arguments-delta", index: 0, text: '{"city": ' },
          { type: "tool-arguments-delta", index: 0, text: '"Paris"}' },
          {
            type: "part-end",
            index: 0,
            part: { type: "tool-call", id: "toolu_1", name: "get_weather", arguments: finalArguments },
          },
          { type: "response-end", finishReason: { reason: "tool_calls" } },
        ] as ChatEvent[],
        createResponsesStreamEncoder(context),
      );
      const done = encoded.find((event) => event.type === "response.function_call_arguments.done");
      return { done, losses: context.losses };
    };
    // As Claude streams a call: the text has spaces the parsed arguments do not keep.
    const same = await streamCall({ city: "Paris" });
    expect(same.done).toMatchObject({ arguments: '{"city": "Paris"}' });
    expect(same.losses).toEqual([]);
    const changed = await streamCall({ city: "Lyon" });
    expect(changed.losses.map((loss) => loss.path)).toEqual(["/parts/0/arguments"]);
  });

  it("streams {} after a call whose only argument delta is empty (a messages call without input), with no loss", async () => {
    const context = createConversionContext();
    const encoded = await transformAll(
      [
        start,
        { type: "part-start", index: 0, kind: "tool-call", id: "toolu_1", name: "list_issues" },
        { type: "tool-arguments-delta", index: 0, text: "" },
        {
          type: "part-end",
          index: 0,
          part: { type: "tool-call", id: "toolu_1", name: "list_issues", arguments: {} },
        },
        { type: "response-end", finishReason: { reason: "tool_calls" } },
      ] as ChatEvent[],
      createResponsesStreamEncoder(context),
    );
    expect(encoded.find((event) => event.type === "response.function_call_arguments.done")).toMatchObject({
      arguments: "{}",
    });
    const deltas = encoded.filter((event) => event.type === "response.function_call_arguments.delta");
    expect(deltas.map((event) => String(event.delta)).join("")).toBe("{}");
    expect(context.losses).toEqual([]);
  });

  it("in strict mode, fails before response.completed when the end carries a loss", async () => {
    const events: ChatEvent[] = [start, { type: "response-end", finishReason: { reason: "tool_calls" } }];
    const reader = new ReadableStream<ChatEvent>({
      start(controller) {
        for (const event of events) controller.enqueue(event);
        controller.close();
      },
    })
      .pipeThrough(createResponsesStreamEncoder(createConversionContext({ strict: true })))
      .getReader();
    const sent: string[] = [];
    const failure = await (async () => {
      for (;;) {
        const next = await reader.read();
        if (next.done) return undefined;
        sent.push(next.value.type);
      }
    })().catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: "invalid_request", param: "/finishReason" });
    expect(sent).not.toContain("response.completed");
  });

  it("records a loss for parts a stream cannot carry", async () => {
    const context = createConversionContext();
    await transformAll(
      [
        start,
        { type: "part-start", index: 0, kind: "code" },
        { type: "part-end", index: 0, part: { type: "code", code: "print(1)", language: "python" } },
        { type: "response-end", finishReason: { reason: "stop" } },
      ] as ChatEvent[],
      createResponsesStreamEncoder(context),
    );
    expect(context.losses.map((loss) => loss.code)).toEqual(["dropped"]);
  });
});

describe("responses stream decoder, items whose done event never comes", () => {
  const fixture = readFixtures("inexact-streams").find(
    ({ name }) => name === "custom-tool-call-without-item-done.json",
  )!.value as Record<string, unknown>[];
  const patch = "*** Begin Patch\n*** End Patch";
  const endedCalls = (events: ChatEvent[]) =>
    events.flatMap((event) => (event.type === "part-end" ? [event.part] : []));

  it("ends a custom tool call with the input its deltas streamed", async () => {
    const decoded = await decode(structuredClone(fixture));
    expect(findEventSequenceProblems(decoded)).toEqual([]);
    const [call] = endedCalls(decoded);
    expect(call).toMatchObject({ type: "hosted-tool-call", tool: "custom_tool_call" });
    expect(call?.extensions?.responses?.raw).toMatchObject({ call_id: "call_01", input: patch });
    expect(decoded.at(-1)).toMatchObject({ type: "response-end", status: "completed" });
  });

  it("takes the input of input.done over the deltas, and the finished response's copy over both", async () => {
    const [created, inProgress, added, , , completed] = structuredClone(fixture);
    const inputDone = { type: "response.custom_tool_call_input.done", output_index: 0, input: "whole" };
    const fromDone = endedCalls(await decode([created, inProgress, added, inputDone, completed]));
    expect(fromDone[0]?.extensions?.responses?.raw).toMatchObject({ input: "whole" });

    const response = (completed as { response: Record<string, unknown> }).response;
    const final = { ...(added as { item: object }).item, status: "completed", input: "final" };
    const withOutput = { ...completed, response: { ...response, output: [final] } };
    const fromOutput = endedCalls(await decode([created, inProgress, added, inputDone, withOutput]));
    expect(fromOutput[0]?.extensions?.responses?.raw).toEqual(final);
  });

  it("ends a function call with the arguments its deltas streamed", async () => {
    const [created, inProgress, , , , completed] = structuredClone(fixture);
    const item = {
      id: "fc_1",
      type: "function_call",
      status: "in_progress",
      arguments: "",
      call_id: "c",
      name: "f",
    };
    const decoded = await decode([
      created,
      inProgress,
      { type: "response.output_item.added", output_index: 0, item },
      { type: "response.function_call_arguments.delta", output_index: 0, delta: '{"a":' },
      { type: "response.function_call_arguments.delta", output_index: 0, delta: "1}" },
      completed,
    ]);
    expect(findEventSequenceProblems(decoded)).toEqual([]);
    expect(endedCalls(decoded)).toEqual([
      expect.objectContaining({ type: "tool-call", id: "c", name: "f", arguments: { a: 1 } }),
    ]);
    expect(decoded.at(-1)).toMatchObject({ finishReason: { reason: "tool_calls" } });
  });

  it("ends a message with the text its deltas streamed, each content part once", async () => {
    const [created, inProgress, , , , completed] = structuredClone(fixture);
    const item = { id: "msg_1", type: "message", status: "in_progress", content: [], role: "assistant" };
    const part = { type: "output_text", annotations: [], logprobs: [], text: "" };
    const decoded = await decode([
      created,
      inProgress,
      { type: "response.output_item.added", output_index: 0, item },
      { type: "response.content_part.added", output_index: 0, content_index: 0, part },
      { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: "Hel" },
      { type: "response.output_text.delta", output_index: 0, content_index: 0, delta: "lo" },
      completed,
    ]);
    expect(findEventSequenceProblems(decoded)).toEqual([]);
    expect(decoded.filter((event) => event.type === "part-start")).toHaveLength(1);
    expect(endedCalls(decoded)).toEqual([expect.objectContaining({ type: "text", text: "Hello" })]);
  });
});
