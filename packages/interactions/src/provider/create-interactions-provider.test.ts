import { CanonicalError, type ChatRequest, collect, findEventSequenceProblems } from "@interlingua/core";
import {
  interactionsSchemaProblems,
  type LocalServer,
  serveFetch,
  testChatProvider,
} from "@interlingua/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInteractionsProvider } from "./create-interactions-provider";

interface Seen {
  url: string;
  apiKey: string | null;
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
let server: LocalServer;

const sse = (events: unknown[]) =>
  new Response(
    events.map((event) => `data: ${event === "[DONE]" ? event : JSON.stringify(event)}\n\n`).join(""),
    {
      headers: { "content-type": "text/event-stream" },
    },
  );

/** A local Interactions API: refuses a body its compiled schema refuses, answers by echoing the last text. */
async function upstream(request: Request): Promise<Response> {
  const body = (await request.json()) as Record<string, unknown>;
  seen.push({ url: request.url, apiKey: request.headers.get("x-goog-api-key"), body });
  const problems = interactionsSchemaProblems("InteractionsCreateRequest", body);
  if (problems.length > 0)
    return Response.json(
      { error: { code: 400, message: problems.join("; "), status: "INVALID_ARGUMENT" } },
      { status: 400 },
    );
  switch (request.headers.get("x-test-scenario")) {
    case "rate-limited":
      return Response.json(
        { error: { code: 429, message: "Resource has been exhausted", status: "RESOURCE_EXHAUSTED" } },
        { status: 429 },
      );
    case "fails-mid-stream":
      return sse([
        {
          event_type: "interaction.created",
          event_id: "1",
          interaction: { id: "v1_f", status: "in_progress" },
        },
        { event_type: "step.start", event_id: "2", index: 0, step: { type: "model_output" } },
        { event_type: "step.delta", event_id: "3", index: 0, delta: { type: "text", text: "par" } },
        {
          event_type: "error",
          event_id: "4",
          error: { code: "UNAVAILABLE", message: "The model is overloaded." },
        },
      ]);
  }
  const text = JSON.stringify(body.input).slice(-40);
  if (body.stream === true)
    return sse([
      {
        event_type: "interaction.created",
        event_id: "1",
        interaction: { id: "v1_e", status: "in_progress", model: body.model },
      },
      { event_type: "step.start", event_id: "2", index: 0, step: { type: "model_output" } },
      { event_type: "step.delta", event_id: "3", index: 0, delta: { type: "text", text } },
      { event_type: "step.stop", event_id: "4", index: 0 },
      {
        event_type: "interaction.completed",
        event_id: "5",
        interaction: {
          id: "v1_e",
          status: "completed",
          model: body.model,
          usage: { total_input_tokens: 3, total_output_tokens: 2 },
        },
      },
      "[DONE]",
    ]);
  return Response.json({
    id: "v1_e",
    status: "completed",
    model: body.model,
    steps: [{ type: "model_output", content: [{ type: "text", text }] }],
    usage: { total_input_tokens: 3, total_output_tokens: 2 },
  });
}

beforeAll(async () => {
  server = await serveFetch(upstream);
});
afterAll(() => server.close());

const provider = (scenario?: string) =>
  createInteractionsProvider({
    baseURL: `${server.url}/`,
    apiKey: "up-key",
    headers: scenario ? { "x-test-scenario": scenario } : {},
  });

const history: ChatRequest = {
  model: "gemini-3-flash-preview",
  instructions: [{ role: "system", parts: [{ type: "text", text: "Be brief." }] }],
  maxOutputTokens: 50,
  messages: [
    { role: "user", parts: [{ type: "text", text: "Weather in Paris?" }] },
    {
      role: "assistant",
      parts: [{ type: "tool-call", id: "call_1", name: "get_weather", arguments: { city: "Paris" } }],
    },
    {
      role: "user",
      parts: [
        {
          type: "tool-result",
          callId: "call_1",
          name: "get_weather",
          content: [{ type: "text", text: "18 C" }],
        },
      ],
    },
  ],
  tools: [{ type: "function", name: "get_weather", inputSchema: { type: "object" } }],
};

testChatProvider("interactions over 127.0.0.1", () => provider(), { requests: [history] });

describe("createInteractionsProvider", () => {
  it("calls POST /v1beta/interactions statelessly: the whole history, store false, no background", async () => {
    seen.length = 0;
    await provider().generate({ ...history, extensions: { interactions: { background: true } } });
    const [call] = seen;
    expect(new URL(call!.url).pathname).toBe("/v1beta/interactions");
    expect(call!.apiKey).toBe("up-key");
    expect(call!.body).toMatchObject({
      model: "gemini-3-flash-preview",
      store: false,
      system_instruction: "Be brief.",
    });
    expect(call!.body.background).toBeUndefined();
    expect(call!.body.stream).toBeUndefined();
    expect((call!.body.input as { type: string }[]).map((step) => step.type)).toEqual([
      "user_input",
      "function_call",
      "function_result",
    ]);
  });

  it("keeps store and previous_interaction_id the caller gave (an upstream conversation of its own)", async () => {
    seen.length = 0;
    await provider().generate({ ...history, store: true, previousResponseId: "v1_prev" });
    expect(seen[0]!.body).toMatchObject({ store: true, previous_interaction_id: "v1_prev" });
  });

  it("makes a thinking level legal for the model's family (Gemini 3 Pro takes low and high)", async () => {
    seen.length = 0;
    await provider().generate({
      ...history,
      model: "gemini-3.1-pro-preview",
      reasoning: { effort: "medium" },
    });
    expect(seen[0]!.body.generation_config).toMatchObject({ thinking_level: "high" });
  });

  it("streams, ending at interaction.completed before the [DONE] line", async () => {
    const events = await collect(await provider().stream(history));
    expect(findEventSequenceProblems(events)).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "response-end", usage: { inputTokens: 3, outputTokens: 2 } });
    expect(seen.at(-1)!.body.stream).toBe(true);
  });

  it("maps an upstream error answer to a CanonicalError, and an error event to an error at the end", async () => {
    const refused = await provider("rate-limited")
      .generate(history)
      .catch((thrown: unknown) => thrown);
    expect(CanonicalError.isInstance(refused) && refused.kind).toBe("rate_limit");
    const events = await collect(await provider("fails-mid-stream").stream(history));
    expect(events.at(-1)).toMatchObject({
      type: "error",
      error: { kind: "unavailable", message: "The model is overloaded." },
    });
  });
});
