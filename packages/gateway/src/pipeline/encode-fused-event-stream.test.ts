import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  type AnyCodec,
  type CanonicalError,
  type ChatEvent,
  type ChatEventBatches,
  type ChatResponse,
  createConversionContext,
  eventBatchesOf,
  type Part,
  replayEvents,
} from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sealedFormatsIn } from "../../test/support/sealed-envelopes";
import type { StreamFraming } from "../formats/gateway-format";
import { byteSourceStream } from "../http/byte-source";
import { createOpaqueSealer } from "../opaque/create-opaque-sealer";
import { createSealingTransformer } from "../opaque/create-sealing-transformer";
import { createSecretRedactor } from "./create-secret-redactor";
import { encodeEventStream } from "./encode-event-stream";
import { encodeFusedEventStream } from "./encode-fused-event-stream";
import { type EventStreamHooks, guardEventStream } from "./guard-event-stream";

const sealer = createOpaqueSealer("a-sealing-secret-for-tests");
const redact = createSecretRedactor(["upstream-secret-key"]);

/** Reasoning and a tool call whose opaque state comes from another format, then text naming a secret. */
const signedAnswer: ChatResponse = {
  id: "resp_signed",
  model: "upstream-model",
  parts: [
    { type: "reasoning", text: "Thinking.", signature: { format: "elsewhere", data: "sig/0+=" } },
    {
      type: "tool-call",
      id: "call_1",
      name: "get_weather",
      arguments: { city: "Paris" },
      signature: { format: "elsewhere", data: "call-sig" },
    },
    { type: "text", text: "The key is upstream-secret-key, as you asked." },
  ],
  finishReason: { reason: "tool_calls" },
  usage: { inputTokens: 3, outputTokens: 4 },
  status: "completed",
};

/** How an upstream stream ends after its events. */
type Ending = "close" | "throw";

function upstream(events: ChatEvent[], ending: Ending, pulls = { count: 0 }): ReadableStream<ChatEvent> {
  let index = 0;
  return new ReadableStream<ChatEvent>(
    {
      pull(controller) {
        pulls.count++;
        const event = events[index++];
        if (event) controller.enqueue(event);
        else if (ending === "close") controller.close();
        else controller.error(new TypeError("socket hang up"));
      },
    },
    { highWaterMark: 0 },
  );
}

/** The upstream's events in batches (the events of one upstream chunk each) of the given sizes, cycled. */
function batched(events: ChatEvent[], ending: Ending, sizes: number[]): ChatEventBatches {
  let index = 0;
  let batch = 0;
  return {
    async read() {
      if (index >= events.length) {
        if (ending === "throw") throw new TypeError("socket hang up");
        return { done: true };
      }
      const size = Math.max(1, sizes.length === 0 ? 1 : (sizes[batch++ % sizes.length] as number));
      const value = events.slice(index, index + size);
      index += size;
      return { done: false, value };
    },
    cancel: async () => undefined,
  };
}

interface Outcome {
  text: string;
  closes: (CanonicalError | undefined)[];
  /** The bytes out told to `onBytes`. */
  bytesOut: number;
  /** Each event's own bytes told to `onFrame`, with `watch`. */
  frames: string[];
}

interface Run {
  codec: AnyCodec;
  events: ChatEvent[];
  ending?: Ending;
  framing?: StreamFraming;
  strict?: boolean;
  /** The front's closing line (chat-completions `[DONE]`). */
  sseDoneData?: string;
  /** The sizes of the batches the fused stage reads (cycled); one event each without. */
  batches?: number[];
  /** Tell `onFrame` each event as framed (as a run does). */
  watch?: boolean;
}

const deterministic = (strict = false) => {
  let counter = 0;
  return createConversionContext({ strict, generateId: (prefix) => `${prefix}_${++counter}`, now: () => 1 });
};

/** The same exchange answered by the staged path and the fused one, as `handleChatRequest` builds them. */
async function bothWays(run: Run): Promise<{ staged: Outcome; fused: Outcome }> {
  const answer = async (fused: boolean): Promise<Outcome> => {
    const closes: (CanonicalError | undefined)[] = [];
    let bytesOut = 0;
    let bytesAtClose = -1;
    const hooks: EventStreamHooks = {
      onClose: (error) => {
        closes.push(error);
        bytesAtClose = bytesOut;
      },
    };
    const onBytes = (bytes: number) => {
      bytesOut += bytes;
    };
    const frames: string[] = [];
    const onFrame = run.watch
      ? (_wire: unknown, bytes: Uint8Array) => frames.push(new TextDecoder().decode(bytes))
      : undefined;
    const context = deterministic(run.strict);
    const sealing = createSealingTransformer(sealer, {
      front: { format: run.codec.id, toolCallsCarryState: false },
      holdToolCalls: true,
    });
    const framing = run.framing ?? "sse";
    let body: ReadableStream<Uint8Array>;
    if (fused) {
      const source = batched(run.events, run.ending ?? "close", run.batches ?? []);
      const first = await source.read();
      const opening = first.done ? [] : first.value;
      const encoder = run.codec.createStreamEncoderTransformer!(context);
      body = byteSourceStream(
        encodeFusedEventStream(opening, source, {
          codec: run.codec,
          encoder,
          sealing,
          hooks,
          framing,
          redact,
          sseDoneData: run.sseDoneData,
          onBytes,
          onFrame,
        }),
      );
    } else {
      const reader = upstream(run.events, run.ending ?? "close").getReader();
      const opening = [(await reader.read()).value as ChatEvent];
      const events = guardEventStream(opening, reader, hooks).pipeThrough(new TransformStream(sealing));
      body = encodeEventStream(events, run.codec, run.codec.createStreamEncoder(context), {
        framing,
        redact,
        sseDoneData: run.sseDoneData,
        onBytes,
        onFrame,
      });
    }
    const text = await new Response(body).text();
    // The exchange's bytes out are all counted when the close is reported (its record is finished then).
    if (fused) expect(bytesAtClose).toBe(bytesOut);
    return { text, closes, bytesOut, frames };
  };
  return { staged: await answer(false), fused: await answer(true) };
}

const codecs: AnyCodec[] = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec];

describe("encodeFusedEventStream", () => {
  for (const codec of codecs) {
    it(`gives the staged path's bytes and close report for a ${codec.id} front`, async () => {
      const signed = replayEvents(signedAnswer);
      const failing: ChatEvent[] = [
        ...signed.slice(0, 4),
        { type: "error", error: { kind: "overloaded", status: 529, message: "Busy." } },
      ];
      // Nothing sealed (no step waits), so the whole answer is framed in one pass.
      const plain = replayEvents({ ...signedAnswer, parts: [signedAnswer.parts[2] as Part] });
      const sseDoneData = codec.id === "chat-completions" ? "[DONE]" : undefined;
      const runs: Run[] = [
        { codec, events: signed, sseDoneData },
        { codec, events: failing, sseDoneData },
        { codec, events: signed.slice(0, 5), sseDoneData },
        { codec, events: signed.slice(0, 5), ending: "throw", sseDoneData },
        {
          codec,
          events: [...signed, { type: "text-delta", index: 9, text: "after the end" }],
          sseDoneData,
        },
        ...(codec.id === "generate-content"
          ? [
              { codec, events: signed, framing: "json-array" as const },
              { codec, events: failing, framing: "json-array" as const },
              // One batch naming the secret: its events redacted one by one, the array's opening kept.
              { codec, events: plain, framing: "json-array" as const, batches: [plain.length] },
              { codec, events: plain, batches: [plain.length] },
            ]
          : []),
      ];
      for (const run of runs) {
        const { staged, fused } = await bothWays(run);
        expect(fused.text.length).toBeGreaterThan(100);
        expect(fused.text).toBe(staged.text);
        expect(fused.closes.map((error) => error?.kind)).toEqual(staged.closes.map((error) => error?.kind));
        expect(fused.closes).toHaveLength(1);
        expect(fused.text).not.toContain("upstream-secret-key");
        expect(fused.text).not.toContain("after the end");
        // The closing line ends an answer that completed, never one that failed.
        if (sseDoneData !== undefined)
          expect(fused.text.endsWith(`data: ${sseDoneData}\n\n`)).toBe(fused.closes[0] === undefined);
      }
    });
  }

  it("gives the same bytes however the upstream's events come in batches", async () => {
    const signed = replayEvents(signedAnswer);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...codecs),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: signed.length }),
        fc.constantFrom<Ending>("close", "throw"),
        fc.boolean(),
        async (codec, batches, kept, ending, watch) => {
          const sseDoneData = codec.id === "chat-completions" ? "[DONE]" : undefined;
          const run = { codec, events: signed.slice(0, kept), ending, sseDoneData, watch };
          const { staged, fused } = await bothWays({ ...run, batches });
          expect(fused.text).toBe(staged.text);
          // The bytes out counted, and each event's own bytes told as framed, as the staged path does.
          expect(fused.bytesOut).toBe(new TextEncoder().encode(fused.text).byteLength);
          expect(fused.bytesOut).toBe(staged.bytesOut);
          expect(fused.frames).toEqual(staged.frames);
          expect(fused.frames.length > 0).toBe(watch);
          expect(fused.closes.map((error) => error?.kind)).toEqual(staged.closes.map((error) => error?.kind));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("refuses an event name with a line break, ending with the front's error event however it is batched", async () => {
    const forged = "response.web_search_call.searching\nevent: response.completed";
    const events: ChatEvent[] = [
      { type: "response-start", id: "resp_forged", model: "upstream-model" },
      { type: "part-start", index: 0, kind: "hosted-tool-call", id: "ws_1", name: "web_search" },
      {
        type: "tool-progress",
        index: 0,
        stage: "searching",
        extensions: { responses: { type: forged, item_id: "ws_1", output_index: 0 } },
      },
      { type: "response-end", finishReason: { reason: "stop" } },
    ];
    const texts: string[] = [];
    for (const batches of [[1], [4]]) {
      const { fused } = await bothWays({ codec: responsesCodec, events, batches });
      expect(fused.text).not.toContain(forged);
      expect(fused.text).toContain("SSE event name must not contain CR or LF");
      expect(fused.text).toContain("event: response.failed\n");
      expect(fused.closes.map((error) => error?.kind)).toEqual(["internal"]);
      texts.push(fused.text);
    }
    expect(texts[1]).toBe(texts[0]);
  });

  it("gives what came before the end at once, and the end only once its state is saved", async () => {
    const events = replayEvents({ ...signedAnswer, parts: [{ type: "text", text: "Saved answer." }] });
    let save!: () => void;
    const saved = new Promise<void>((resolve) => {
      save = resolve;
    });
    const closes: (CanonicalError | undefined)[] = [];
    const body = encodeFusedEventStream(events, batched([], "close", []), {
      codec: messagesCodec,
      encoder: messagesCodec.createStreamEncoderTransformer!(deterministic()),
      sealing: createSealingTransformer(sealer, {
        front: { format: "messages", toolCallsCarryState: false },
        holdToolCalls: false,
      }),
      hooks: { beforeEnd: () => saved, onClose: (error) => closes.push(error) },
      framing: "sse",
      redact,
    });
    const first = await body.read();
    const text = new TextDecoder().decode(first.value);
    expect(text).toContain("Saved answer.");
    expect(text).not.toContain("message_stop");
    const rest = body.read();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closes).toEqual([]);
    save();
    expect(new TextDecoder().decode((await rest).value)).toContain("message_stop");
    expect(await body.read()).toEqual({ done: true, value: undefined });
    expect(closes).toEqual([undefined]);
  });

  it("seals foreign state and renames a held tool call in the fused stage", async () => {
    const { fused } = await bothWays({ codec: messagesCodec, events: replayEvents(signedAnswer) });
    expect(sealedFormatsIn(fused.text)).toContain("elsewhere");
    expect(fused.text).toContain('"id":"ilc1_');
    expect(fused.text).not.toContain("call_1");
    expect(fused.closes).toEqual([undefined]);
  });

  it("ends with the front's error event when the encoder fails in strict mode", async () => {
    const events: ChatEvent[] = replayEvents({
      ...signedAnswer,
      parts: [
        { type: "reasoning", summary: ["A summary."] },
        { type: "text", text: "Hi" },
      ],
    });
    const { staged, fused } = await bothWays({ codec: messagesCodec, events, strict: true });
    expect(fused.text).toContain("event: error");
    expect(fused.text).toContain("Strict conversion");
    expect(fused.text).not.toContain("message_stop");
    expect(fused.text).toBe(staged.text);
    expect(fused.closes.map((error) => error?.kind)).toEqual(["invalid_request"]);
  });

  it("reads the upstream only as the client reads, and cancels it when the client goes away", async () => {
    const pulls = { count: 0 };
    let cancelled: unknown;
    const events = replayEvents({ ...signedAnswer, parts: [{ type: "text", text: "x".repeat(10) }] });
    const endless = [...events.slice(0, -1), ...Array.from({ length: 1000 }, () => events[2] as ChatEvent)];
    const source = upstream(endless, "close", pulls);
    const cancelling = new ReadableStream<ChatEvent>(
      {
        pull: async (controller) => {
          const reader = source.getReader();
          const next = await reader.read();
          reader.releaseLock();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => {
          cancelled = reason;
        },
      },
      { highWaterMark: 0 },
    );
    const closes: (CanonicalError | undefined)[] = [];
    const body = encodeFusedEventStream([], eventBatchesOf(cancelling), {
      codec: messagesCodec,
      encoder: messagesCodec.createStreamEncoderTransformer!(deterministic()),
      sealing: createSealingTransformer(sealer, {
        front: { format: "messages", toolCallsCarryState: false },
        holdToolCalls: false,
      }),
      hooks: { onClose: (error) => closes.push(error) },
      framing: "sse",
      redact,
    });
    for (let read = 0; read < 5; read++) await body.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulls.count).toBeLessThan(10);
    await body.cancel("client gone");
    expect(cancelled).toBe("client gone");
    expect(closes.map((error) => error?.message)).toEqual(["The client went away."]);
  });
});
