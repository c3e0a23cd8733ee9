import { GoogleGenAI } from "@google/genai";
import type { ChatEvent } from "@interlingua/core";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node";
import { parallelToolCallAnswer, textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

// The official @google/genai client's `interactions` drives the gateway's interactions front over
// HTTP on 127.0.0.1, in front of a messages upstream and of an interactions upstream, both local and
// refusing what the APIs refuse.

const callerKey = "caller-key-interactions-0123456789";
const otherTenantKey = "caller-key-interactions-other-tenant";
let messagesUpstream: ScriptedUpstream;
let interactionsUpstream: ScriptedUpstream;
let server: NodeServer;

beforeAll(async () => {
  messagesUpstream = await createScriptedUpstream(messagesCodec);
  interactionsUpstream = await createScriptedUpstream(interactionsCodec);
  const gateway = createGateway({
    auth: { keys: [callerKey, otherTenantKey] },
    secret: "interactions-sealing-secret-0123456",
    providers: {
      anthropic: { type: "messages", baseURL: messagesUpstream.url, apiKey: "upstream-anthropic" },
      gemini: { type: "interactions", baseURL: interactionsUpstream.url, apiKey: "upstream-gemini" },
    },
    routes: [
      { model: "claude-*", provider: "anthropic" },
      { model: "gemini-*", provider: "gemini" },
    ],
  });
  server = await serveNode(gateway);
});
afterAll(async () => {
  await server.close();
  await messagesUpstream.close();
  await interactionsUpstream.close();
});
beforeEach(() => {
  messagesUpstream.calls.length = 0;
  interactionsUpstream.calls.length = 0;
});

const client = (apiKey = callerKey) =>
  new GoogleGenAI({ apiKey, httpOptions: { baseUrl: server.url } }).interactions;

const words = (text: string[]): ChatEvent[] => [
  { type: "response-start", id: "resp_words", model: "upstream-model" },
  { type: "part-start", index: 0, kind: "text" },
  ...text.map((piece): ChatEvent => ({ type: "text-delta", index: 0, text: piece })),
  { type: "part-end", index: 0, part: { type: "text", text: text.join("") } },
  { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 7, outputTokens: 3 } },
];

const outputText = (steps: readonly { type: string; content?: unknown }[] | undefined): string =>
  (steps ?? [])
    .filter((step) => step.type === "model_output")
    .flatMap((step) => (step.content as { type: string; text?: string }[]) ?? [])
    .map((content) => content.text ?? "")
    .join("");

const weatherTool = {
  type: "function" as const,
  name: "get_weather",
  description: "Current weather",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

describe("the @google/genai client's interactions", () => {
  for (const model of ["claude-sonnet-4-5", "gemini-3-flash-preview"]) {
    const upstream = () => (model.startsWith("claude") ? messagesUpstream : interactionsUpstream);

    it(`creates a plain interaction (${model})`, async () => {
      upstream().answer(() => ({ response: textAnswer("Hello from upstream") }));
      const interaction = await client().create({ model, input: "Say hello.", store: false });
      expect(interaction.status).toBe("completed");
      expect(outputText(interaction.steps)).toBe("Hello from upstream");
      expect(interaction.usage).toMatchObject({ total_input_tokens: 12, total_output_tokens: 5 });
      expect(upstream().calls[0]?.apiKey).toMatch(/^upstream-/);
      if (upstream() === interactionsUpstream) expect(upstream().calls[0]?.wire.store).toBe(false);
    });

    it(`streams an interaction (${model})`, async () => {
      upstream().answer(() => ({ events: words(["Hel", "lo", "!"]) }));
      const events = [];
      for await (const event of await client().create({
        model,
        input: "Say hello.",
        stream: true,
        store: false,
      }))
        events.push(event);
      expect(events[0]?.event_type).toBe("interaction.created");
      expect(events.at(-1)).toMatchObject({
        event_type: "interaction.completed",
        interaction: { status: "completed" },
      });
      const text = events
        .flatMap((event) =>
          event.event_type === "step.delta" && event.delta.type === "text" ? [event.delta.text] : [],
        )
        .join("");
      expect(text).toBe("Hello!");
      expect(events.every((event) => typeof event.event_id === "string")).toBe(true);
    });

    it(`runs two parallel function calls over two turns, with the whole history (${model})`, async () => {
      upstream().answer((call) =>
        call.request.messages.some((message) => message.parts.some((part) => part.type === "tool-result"))
          ? { response: textAnswer("Sunny in both.") }
          : { response: parallelToolCallAnswer() },
      );
      const first = await client().create({
        model,
        input: "Weather in Paris and Tokyo?",
        tools: [weatherTool],
        store: false,
      });
      expect(first.status).toBe("requires_action");
      const calls = (first.steps ?? []).filter((step) => step.type === "function_call");
      expect(calls.map((step) => step.type === "function_call" && step.arguments)).toEqual([
        { city: "Paris" },
        { city: "Tokyo" },
      ]);
      const second = await client().create({
        model,
        tools: [weatherTool],
        store: false,
        input: [
          { type: "user_input", content: [{ type: "text", text: "Weather in Paris and Tokyo?" }] },
          ...(first.steps ?? []).filter((step) => step.type !== "user_input"),
          ...calls.map((step) => ({
            type: "function_result" as const,
            call_id: step.type === "function_call" ? step.id : "",
            name: "get_weather",
            result: "sunny",
          })),
        ],
      });
      expect(second.status).toBe("completed");
      expect(outputText(second.steps)).toBe("Sunny in both.");
      const results = upstream().calls[1]?.request.messages.flatMap((message) =>
        message.parts.filter((part) => part.type === "tool-result"),
      );
      expect(results).toHaveLength(2);
    });
  }

  describe("interactions the gateway keeps (a messages backend)", () => {
    const model = "claude-sonnet-4-5";

    it("continues from previous_interaction_id, and refuses it to another tenant", async () => {
      messagesUpstream.answer((call) => ({ response: textAnswer(`turn ${call.request.messages.length}`) }));
      const first = await client().create({ model, input: "My name is Ada." });
      expect(first.id).toMatch(/^resp_/);
      const second = await client().create({
        model,
        input: "What is my name?",
        previous_interaction_id: first.id,
      });
      expect(second.status).toBe("completed");
      const seen = messagesUpstream.calls[1]?.request.messages ?? [];
      expect(seen.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
      expect(JSON.stringify(seen[0])).toContain("My name is Ada.");

      const refused = client(otherTenantKey).create({
        model,
        input: "Hi",
        previous_interaction_id: first.id,
      });
      await expect(refused).rejects.toMatchObject({ statusCode: 404 });
      expect(messagesUpstream.calls).toHaveLength(2);
    });

    it("gets, refuses to cancel a finished one, and deletes a stored interaction; store false keeps nothing", async () => {
      messagesUpstream.answer(() => ({ response: textAnswer("Kept answer") }));
      const created = await client().create({ model, input: "Keep this." });
      const fetched = await client().get(created.id);
      expect(fetched).toMatchObject({ id: created.id, status: "completed" });
      expect(outputText(fetched.steps)).toBe("Kept answer");
      await expect(client(otherTenantKey).get(created.id)).rejects.toMatchObject({ statusCode: 404 });
      await expect(client().cancel(created.id)).rejects.toMatchObject({ statusCode: 400 });
      await client().delete(created.id);
      await expect(client().get(created.id)).rejects.toMatchObject({ statusCode: 404 });

      const unstored = await client().create({ model, input: "Forget this.", store: false });
      await expect(client().get(unstored.id)).rejects.toMatchObject({ statusCode: 404 });
    });

    it("refuses to resume the stream of an interaction that was not streamed, in the caller's format, without calling the upstream", async () => {
      messagesUpstream.answer(() => ({ response: textAnswer("Kept answer") }));
      const created = await client().create({ model, input: "Keep this." });
      const resumed = client().get(created.id, { stream: true, last_event_id: "2" });
      await expect(resumed).rejects.toMatchObject({ statusCode: 400 });
      expect(messagesUpstream.calls).toHaveLength(1);
    });
  });
});
