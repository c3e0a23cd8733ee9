import { readFileSync } from "node:fs";
import {
  type ChatEvent,
  collect,
  createConversionContext,
  decodeJsonEventStream,
  readableFrom,
  transformAll,
} from "@interlingua/core";
import { type LocalServer, serveFetch, specPath } from "@interlingua/core/test";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConversionReport, createGateway } from "../../src/index";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

/**
 * A responses backend streaming hosted tools' live progress (specs/recordings/responses/
 * hosted-tool-progress.sse), over real HTTP: a responses caller gets every event of it, a caller of
 * another format gets the answer without them and a loss for each call's progress.
 */

const reports: ConversionReport[] = [];
let upstream: ScriptedUpstream;
let server: LocalServer;
let recorded: unknown[];

beforeAll(async () => {
  const bytes = readFileSync(specPath("recordings", "responses", "hosted-tool-progress.sse"));
  recorded = await collect(decodeJsonEventStream(readableFrom([new Uint8Array(bytes)])));
  const events: ChatEvent[] = await transformAll(
    recorded,
    responsesCodec.createStreamDecoder(createConversionContext()),
  );
  upstream = await createScriptedUpstream(responsesCodec);
  upstream.answer(() => ({ events }));
  const gateway = createGateway({
    providers: { openai: { type: "responses", baseURL: upstream.url, apiKey: "k" } },
    routes: [{ model: "gpt-5", provider: "openai" }],
    onConversion: (report) => reports.push(report),
  });
  server = await serveFetch(gateway.fetch);
});

afterAll(async () => {
  await server.close();
  await upstream.close();
});

const fronts = {
  responses: () =>
    new Request(`${server.url}/v1/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer c" },
      body: JSON.stringify({ model: "gpt-5", stream: true, input: "Roll a die." }),
    }),
  messages: () =>
    new Request(`${server.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "c", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({
        model: "gpt-5",
        max_tokens: 256,
        stream: true,
        messages: [{ role: "user", content: "Roll a die." }],
      }),
    }),
  "generate-content": () =>
    new Request(`${server.url}/v1beta/models/gpt-5:streamGenerateContent?alt=sse`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": "c" },
      body: JSON.stringify({
        contents: [{ role: "user", parts: [{ text: "Roll a die." }] }],
        generationConfig: { maxOutputTokens: 256 },
      }),
    }),
  "chat-completions": () =>
    new Request(`${server.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer c" },
      body: JSON.stringify({
        model: "gpt-5",
        stream: true,
        max_completion_tokens: 256,
        messages: [{ role: "user", content: "Roll a die." }],
      }),
    }),
};

async function dataOf(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return collect(decodeJsonEventStream(readableFrom([new TextEncoder().encode(text)])));
}

describe("hosted tool progress through the gateway", () => {
  it("reaches a responses caller event for event", async () => {
    const response = await fetch(fronts.responses());
    expect(response.status).toBe(200);
    const received = (await dataOf(response)) as Record<string, unknown>[];
    expect(received.map((event) => event.type)).toEqual(
      (recorded as Record<string, unknown>[]).map((event) => event.type),
    );
  });

  it.each(["messages", "generate-content", "chat-completions"] as const)(
    "is dropped for a %s caller with a loss for each call's progress",
    async (front) => {
      reports.length = 0;
      const response = await fetch(fronts[front]());
      expect(response.status).toBe(200);
      const body = JSON.stringify(await dataOf(response));
      expect(body).toContain("the die shows 4");
      expect(body).not.toContain("partial_image");
      const progressLosses = reports
        .flatMap((report) => report.losses)
        .filter((loss) => loss.message.includes("live progress"));
      expect(progressLosses.map((loss) => loss.code)).toEqual(["dropped", "dropped", "dropped", "dropped"]);
    },
  );
});
