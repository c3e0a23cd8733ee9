import type { ChatResponse } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { backendRequestProblems } from "./backend-validator";
import { createLegalityGateway, frontRequest, type LegalityFormat } from "./legality-gateway";

const answer: ChatResponse = {
  id: "resp_1",
  model: "m",
  parts: [{ type: "text", text: "Sunny and rainy." }],
  finishReason: { reason: "stop" },
  usage: { inputTokens: 10, outputTokens: 3 },
  status: "completed",
};

const weather = { type: "object", properties: { city: { type: "string" } } };

/** A messages caller's two calls and results of empty ids (another format's client may send them). */
const messagesCaller = {
  max_tokens: 64,
  messages: [
    { role: "user", content: "Weather in Paris and Rome?" },
    {
      role: "assistant",
      content: [
        { type: "tool_use", id: "", name: "weather", input: { city: "Paris" } },
        { type: "tool_use", id: "", name: "weather", input: { city: "Rome" } },
      ],
    },
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "", content: "sunny" },
        { type: "tool_result", tool_use_id: "", content: "rain" },
      ],
    },
  ],
  tools: [{ name: "weather", input_schema: weather }],
};

/** A generate-content caller's calls and responses of empty ids. */
const generateContentCaller = {
  contents: [
    { role: "user", parts: [{ text: "Weather in Paris and Rome?" }] },
    {
      role: "model",
      parts: [
        { functionCall: { id: "", name: "weather", args: { city: "Paris" } } },
        { functionCall: { id: "", name: "weather", args: { city: "Rome" } } },
      ],
    },
    {
      role: "user",
      parts: [
        { functionResponse: { id: "", name: "weather", response: { output: "sunny" } } },
        { functionResponse: { id: "", name: "weather", response: { output: "rain" } } },
      ],
    },
  ],
  tools: [{ functionDeclarations: [{ name: "weather", description: "Weather", parameters: weather }] }],
};

/** The call ids of a backend request, calls and results in order. */
function callIds(backend: LegalityFormat, body: Record<string, unknown>): string[] {
  if (backend === "messages")
    return (body.messages as { content: unknown }[]).flatMap(({ content }) =>
      Array.isArray(content)
        ? content.flatMap((block: Record<string, unknown>) =>
            block.type === "tool_use" ? [block.id] : block.type === "tool_result" ? [block.tool_use_id] : [],
          )
        : [],
    ) as string[];
  return (body.input as Record<string, unknown>[]).flatMap((item) =>
    item.type === "function_call" || item.type === "function_call_output" ? [item.call_id] : [],
  ) as string[];
}

describe("empty call ids", () => {
  it("are refused by the local messages and responses upstreams, as by the APIs", () => {
    expect(
      backendRequestProblems("messages", {
        model: "claude-sonnet-4-5",
        body: { model: "claude-sonnet-4-5", ...messagesCaller },
      }).some((problem) => /\/messages\/1\/content\/0\/id/.test(problem)),
    ).toBe(true);
    const problems = backendRequestProblems("responses", {
      model: "gpt-5",
      body: {
        model: "gpt-5",
        input: [
          { role: "user", content: "Weather in Paris?" },
          { type: "function_call", call_id: "", name: "weather", arguments: '{"city":"Paris"}' },
          { type: "function_call_output", call_id: "", output: "sunny" },
        ],
      },
    });
    expect(problems.some((problem) => problem.startsWith("/input/2"))).toBe(true);
    // Compiling the two vendor specs takes a while on a busy machine.
  }, 60_000);

  for (const [front, wire, backend, model, lossPaths] of [
    [
      "messages",
      messagesCaller,
      "responses",
      "gpt-5",
      ["/messages/1/content/0", "/messages/1/content/1", "/messages/2/content/0", "/messages/2/content/1"],
    ],
    [
      "generate-content",
      generateContentCaller,
      "messages",
      "claude-sonnet-4-5",
      ["/contents/1/parts/0", "/contents/1/parts/1", "/contents/2/parts/0", "/contents/2/parts/1"],
    ],
  ] as const)
    it(`reach a ${backend} backend from a ${front} caller as ids it takes, each result its call's, each a loss`, async () => {
      const legality = createLegalityGateway(backend);
      legality.reset(() => ({ response: answer }));
      const answered = await legality.gateway.fetch(frontRequest(front, { ...wire }, model, false));
      expect(answered.status, await answered.clone().text()).toBe(200);
      const sent = legality.received()!;
      expect(backendRequestProblems(backend, sent)).toEqual([]);
      const ids = callIds(backend, sent.body);
      expect(ids).toHaveLength(4);
      expect(ids.every((id) => id !== "")).toBe(true);
      // Calls first, then their results in the same order.
      expect(ids.slice(2)).toEqual(ids.slice(0, 2));
      expect(ids[0]).not.toBe(ids[1]);
      const losses = legality.report()?.losses.map((loss) => `${loss.code} ${loss.path}`) ?? [];
      // At the caller's call and result (the made-up id is the backend's, which no answer shows).
      for (const path of lossPaths) expect(losses, JSON.stringify(losses)).toContain(`approximated ${path}`);
    });
});
