import type { ChatProvider, ChatResponse } from "@interlingua/core";
import { replay } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { sealedFormatsIn } from "../../test/support/sealed-envelopes";
import type { GatewayFormat } from "../formats/gateway-format";
import { createGateway } from "../gateway/create-gateway";
import { defaultGatewayFormats } from "../gateway/default-gateway-formats";

const answer: ChatResponse = {
  id: "resp_both_paths",
  model: "upstream-model",
  parts: [
    { type: "reasoning", text: "Thinking it over.", signature: { format: "elsewhere", data: "sig/0+=" } },
    { type: "text", text: "Forty-two." },
  ],
  finishReason: { reason: "stop" },
  usage: { inputTokens: 10, outputTokens: 30 },
  status: "completed",
};

const provider: ChatProvider = {
  id: "in-process",
  capabilities: { streaming: true },
  generate: async () => answer,
  stream: async () => replay(answer),
};

// The formats' codecs load on first use; copying them (below) needs them loaded.
await Promise.all(defaultGatewayFormats.map((format) => format.load?.()));

/** The default formats with the codecs' stream transformers taken away, so the gateway runs its staged path. */
const stagedFormats: GatewayFormat[] = defaultGatewayFormats.map((format) => ({
  ...format,
  codec: {
    ...format.codec,
    createStreamDecoderTransformer: undefined,
    createStreamEncoderTransformer: undefined,
  },
}));

/** A streaming request of each front, generate-content both as SSE and as a streamed JSON array. */
const requests: [string, () => Request][] = [
  [
    "messages",
    () =>
      new Request("http://gateway.test/v1/messages", {
        method: "POST",
        body: JSON.stringify({
          model: "m",
          max_tokens: 10,
          stream: true,
          messages: [{ role: "user", content: "hi" }],
        }),
      }),
  ],
  [
    "responses",
    () =>
      new Request("http://gateway.test/v1/responses", {
        method: "POST",
        body: JSON.stringify({ model: "m", stream: true, input: "hi" }),
      }),
  ],
  ...["?alt=sse", ""].map(
    (query) =>
      [
        `generate-content${query}`,
        () =>
          new Request(`http://gateway.test/v1beta/models/m:streamGenerateContent${query}`, {
            method: "POST",
            body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
          }),
      ] as [string, () => Request],
  ),
];

/** Ids and timestamps the encoders make up per exchange. */
const madeUp = /"(id|created|created_at|createTime|responseId|item_id)":("[^"]*"|\d+)/g;

describe("a streamed answer, fused or staged", () => {
  for (const [name, request] of requests) {
    it(`is the same for a ${name} caller whether the front codec offers its transformers or not`, async () => {
      const bodies: string[] = [];
      for (const formats of [defaultGatewayFormats, stagedFormats]) {
        const gateway = createGateway(
          {
            providers: { local: provider },
            routes: [{ model: "*", provider: "local" }],
            secret: "a-sealing-secret-for-tests",
          },
          { formats },
        );
        const response = await gateway.fetch(request());
        expect(response.status).toBe(200);
        bodies.push((await response.text()).replace(madeUp, '"$1":"…"'));
      }
      expect(bodies[0]).toContain("Forty-two.");
      expect(sealedFormatsIn(bodies[0]!)).toContain("elsewhere");
      expect(bodies[0]).toBe(bodies[1]);
    });
  }
});
