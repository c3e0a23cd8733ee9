import type { ChatResponse } from "@interlingua/core";
import { messagesCodec } from "@interlingua/messages";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway, type Gateway } from "../../src/index";
import { textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

// Gemini CLI keeps `thoughtSignature` only on `functionCall` parts and drops thought parts from its
// history (issue 13): a messages backend's thinking must ride on the function call to come back.

const callerKey = "kept-parts-caller-key";
let upstream: ScriptedUpstream;
let gateway: Gateway;

const thinkingThenCall: ChatResponse = {
  id: "msg_1",
  model: "claude-sonnet-4-5",
  parts: [
    {
      type: "reasoning",
      text: "The note is in notes.txt.",
      signature: { format: "messages", data: "native-sig" },
    },
    { type: "tool-call", id: "toolu_1", name: "read_file", arguments: { path: "notes.txt" } },
  ],
  finishReason: { reason: "tool_calls" },
  usage: { inputTokens: 10, outputTokens: 10 },
  status: "completed",
};

beforeAll(async () => {
  upstream = await createScriptedUpstream(messagesCodec);
  gateway = createGateway({
    auth: { keys: [callerKey] },
    secret: "kept-parts-sealing-secret-0123",
    providers: { anthropic: { type: "messages", baseURL: upstream.url, apiKey: "upstream-key" } },
    routes: [{ model: "*", provider: "anthropic", upstreamModel: "claude-sonnet-4-5" }],
  });
});
afterAll(() => upstream.close());
beforeEach(() => {
  upstream.calls.length = 0;
});

const tools = [
  {
    functionDeclarations: [
      {
        name: "read_file",
        parametersJsonSchema: { type: "object", properties: { path: { type: "string" } } },
      },
    ],
  },
];
const thinking = { maxOutputTokens: 16_000, thinkingConfig: { thinkingBudget: 2048, includeThoughts: true } };
const ask = { role: "user", parts: [{ text: "What does notes.txt say?" }] };

function call(body: unknown, stream: boolean): Request {
  const method = stream ? "streamGenerateContent?alt=sse" : "generateContent";
  return new Request(`http://gateway.test/v1beta/models/gemini-3-pro-preview:${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": callerKey },
    body: JSON.stringify(body),
  });
}

type WirePart = { text?: string; thought?: boolean; thoughtSignature?: string; functionCall?: unknown };

/** The parts of the model's turn one, whole or streamed. */
async function turnOne(stream: boolean): Promise<WirePart[]> {
  upstream.answer(() => ({ response: thinkingThenCall }));
  const answer = await gateway.fetch(call({ contents: [ask], tools, generationConfig: thinking }, stream));
  expect(answer.status).toBe(200);
  if (!stream)
    return ((await answer.json()) as { candidates: { content: { parts: WirePart[] } }[] }).candidates[0]!
      .content.parts;
  return (await answer.text())
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .flatMap(
      (line) =>
        (JSON.parse(line.slice(6)) as { candidates?: { content?: { parts?: WirePart[] } }[] }).candidates?.[0]
          ?.content?.parts ?? [],
    );
}

/** Turn two as Gemini CLI sends it: the thought parts dropped, the function call kept as it came. */
async function turnTwo(kept: WirePart): Promise<Response> {
  upstream.answer(() => ({ response: textAnswer("It says hello.") }));
  const history = [
    ask,
    { role: "model", parts: [kept] },
    { role: "user", parts: [{ functionResponse: { name: "read_file", response: { output: "hello" } } }] },
  ];
  const answer = await gateway.fetch(call({ contents: history, tools, generationConfig: thinking }, false));
  expect(answer.status).toBe(200);
  return answer;
}

describe.each([false, true])(
  "a messages backend's thinking before a tool call, to a generate-content client (stream: %s)",
  (stream) => {
    it("rides, sealed, on the function call's thoughtSignature and comes back to the backend from it alone", async () => {
      const parts = await turnOne(stream);
      const functionCall = parts.find((part) => part.functionCall !== undefined)!;
      // Standard base64, as the field is typed (bytes): a client that decodes it reads it.
      expect(functionCall.thoughtSignature).toMatch(/^aWwyc2ln[A-Za-z0-9+/]*={0,2}$/);

      await turnTwo(functionCall);
      const sent = upstream.calls[1]!.wire as {
        thinking?: unknown;
        messages: { role: string; content: unknown[] }[];
      };
      expect(sent.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
      expect(sent.messages[1]).toEqual({
        role: "assistant",
        content: [
          { type: "thinking", thinking: "The note is in notes.txt.", signature: "native-sig" },
          expect.objectContaining({ type: "tool_use", name: "read_file" }),
        ],
      });
    });

    it("is not doubled when the client keeps the thought parts too", async () => {
      const parts = await turnOne(stream);
      upstream.answer(() => ({ response: textAnswer("It says hello.") }));
      const history = [
        ask,
        { role: "model", parts },
        { role: "user", parts: [{ functionResponse: { name: "read_file", response: { output: "hello" } } }] },
      ];
      const answer = await gateway.fetch(
        call({ contents: history, tools, generationConfig: thinking }, false),
      );
      expect(answer.status).toBe(200);
      const sent = upstream.calls[1]!.wire as { messages: { content: { type: string }[] }[] };
      expect(sent.messages[1]!.content.map((block) => block.type)).toEqual(["thinking", "tool_use"]);
    });
  },
);

describe("a tool-call turn whose thinking did not come back at all", () => {
  it("reaches the backend with thinking off for the request, and a loss", async () => {
    const [, functionCall] = await turnOne(false).then((parts) => [
      parts,
      parts.find((part) => part.functionCall)!,
    ]);
    const { thoughtSignature: _dropped, ...unsigned } = functionCall as WirePart;
    const answer = await turnTwo(unsigned);
    const sent = upstream.calls[1]!.wire as { thinking?: unknown };
    expect(sent.thinking).toEqual({ type: "disabled" });
    expect(Number(answer.headers.get("x-interlingua-losses"))).toBeGreaterThan(0);
  });
});
