import { type ChatEvent, collect, decodeJsonEventStream, readableFrom } from "@interlingua/core";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { messagesCodec } from "@interlingua/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConversionReport, createGateway } from "../../src/index";
import { lossesHeader } from "../../src/pipeline/handle-chat-request";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

/**
 * What a streaming caller can rely on about losses (docs/embedding.md): `x-interlingua-losses`
 * counts the losses known when the headers went out (the request's, and those of the stream's
 * opening, such as a messages `message_start` container); a loss the stream brings later (a
 * `message_delta` stop detail) is only in the conversion report and the exchange event, and in
 * strict mode ends the stream already begun with the format's error event instead of a finish.
 */

const reports: ConversionReport[] = [];
let upstream: ScriptedUpstream;
let server: LocalServer;

/** A messages answer whose opening and end carry fields the chat-completions format cannot say. */
function answer(withContainer: boolean): ChatEvent[] {
  return [
    {
      type: "response-start",
      id: "msg_late_1",
      model: "claude-test",
      ...(withContainer && {
        extensions: { messages: { container: { id: "container_1", expires_at: "2026-11-26T21:00:00Z" } } },
      }),
    },
    { type: "part-start", index: 0, kind: "text" },
    { type: "text-delta", index: 0, text: "Done." },
    { type: "part-end", index: 0, part: { type: "text", text: "Done." } },
    {
      type: "response-end",
      finishReason: { reason: "stop", raw: "end_turn" },
      usage: { inputTokens: 5, outputTokens: 2 },
      extensions: { messages: { stop_details: { type: "refusal" } } },
    },
  ];
}

beforeAll(async () => {
  upstream = await createScriptedUpstream(messagesCodec);
  const gateway = createGateway({
    providers: { anthropic: { type: "messages", baseURL: upstream.url, apiKey: "k" } },
    routes: [{ model: "claude-test", provider: "anthropic" }],
    onConversion: (report) => reports.push(report),
  });
  server = await serveFetch(gateway.fetch);
});

afterAll(async () => {
  await server.close();
  await upstream.close();
});

const ask = (strict: boolean) =>
  fetch(`${server.url}/v1/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: "Bearer c",
      ...(strict && { "x-interlingua-strict": "1" }),
    },
    body: JSON.stringify({
      model: "claude-test",
      stream: true,
      max_completion_tokens: 64,
      messages: [{ role: "user", content: "Run it." }],
    }),
  });

async function chunksOf(response: Response): Promise<Record<string, unknown>[]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return (await collect(decodeJsonEventStream(readableFrom([bytes])))) as Record<string, unknown>[];
}

const lateLoss = (path: string) => /^\/\d+\/delta\/stop_details$/.test(path);

describe("losses of a streamed answer", () => {
  it("are counted in x-interlingua-losses up to the headers; later ones only in the report", async () => {
    upstream.answer(() => ({ events: answer(true) }));
    reports.length = 0;
    const response = await ask(false);
    expect(response.status).toBe(200);
    const counted = Number(response.headers.get(lossesHeader));
    const chunks = await chunksOf(response);
    expect(chunks.some((chunk) => JSON.stringify(chunk).includes("Done."))).toBe(true);
    expect(reports).toHaveLength(1);
    const paths = reports[0]!.losses.map((loss) => loss.path);
    // The opening's container is known before the headers; the end's stop details after them.
    expect(paths).toContain("/0/message/container");
    expect(paths.filter(lateLoss)).toHaveLength(1);
    expect(counted).toBe(paths.length - 1);
  });

  it("in strict mode end the stream at its opening, naming the field, before any of the answer", async () => {
    upstream.answer(() => ({ events: answer(true) }));
    const response = await ask(true);
    const body = await response.text();
    expect(body).toContain("Strict conversion");
    expect(body).toContain("/0/message/container");
    expect(body).not.toContain("Done.");
  });

  it("in strict mode end the stream already begun with the format's error, not a finish", async () => {
    upstream.answer(() => ({ events: answer(false) }));
    const response = await ask(true);
    expect(response.status).toBe(200);
    expect(response.headers.get(lossesHeader)).toBe("0");
    const chunks = await chunksOf(response);
    expect(JSON.stringify(chunks)).toContain("Done.");
    expect(JSON.stringify(chunks.at(-1))).toContain("Strict conversion");
    expect(JSON.stringify(chunks)).not.toContain('"finish_reason":"stop"');
  });
});
