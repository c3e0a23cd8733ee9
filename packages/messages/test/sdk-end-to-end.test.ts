import AnthropicCurrent from "@anthropic-ai/sdk";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import AnthropicZero from "anthropic-sdk-0";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMessagesVersionHeaders } from "../src/http/messages-http-binding";
import { createEchoMessagesHandler, type SeenRequest } from "./support/echo-messages-server";

const seen: SeenRequest[] = [];
let server: LocalServer;

beforeAll(async () => {
  server = await serveFetch(createEchoMessagesHandler(seen));
});
afterAll(() => server.close());

const lines = [
  {
    name: "@anthropic-ai/sdk 1.x",
    create: (baseURL: string) => new AnthropicCurrent({ baseURL, apiKey: "sk-current", maxRetries: 0 }),
    key: "sk-current",
    header: "authorization",
  },
  {
    name: "@anthropic-ai/sdk 0.x",
    create: (baseURL: string) => new AnthropicZero({ baseURL, apiKey: "sk-zero", maxRetries: 0 }),
    key: "sk-zero",
    header: "x-api-key",
  },
] as const;

const weatherTool = {
  name: "get_weather",
  description: "Weather for a city",
  input_schema: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
};

for (const line of lines) {
  describe(`${line.name} against a messages server on 127.0.0.1`, () => {
    it("messages.create reads back what was sent, and the binding reads the key it sends", async () => {
      const client = line.create(server.url);
      const message = await client.messages.create({
        model: "claude-test",
        max_tokens: 64,
        system: "Be brief.",
        messages: [{ role: "user", content: "hello there" }],
      });
      expect(message.content).toEqual([{ type: "text", text: "echo: hello there" }]);
      expect(message.stop_reason).toBe("end_turn");
      expect(message.usage).toMatchObject({ input_tokens: 11, output_tokens: 7 });
      const last = seen.at(-1)!;
      expect(last.apiKey).toBe(line.key);
      expect(last.headers.has(line.header)).toBe(true);
      // The 0.x line sends 2023-06-01; the 1.x line sends a newer dated version.
      expect(readMessagesVersionHeaders(new Request(server.url, { headers: last.headers })).version).toMatch(
        /^\d{4}-\d{2}-\d{2}$/,
      );
      expect(last.request.instructions?.[0]?.parts[0]).toMatchObject({ text: "Be brief." });
    });

    it("messages.stream(...).finalMessage() gets the whole message", async () => {
      const client = line.create(server.url);
      const texts: string[] = [];
      const stream = client.messages.stream({
        model: "claude-test",
        max_tokens: 64,
        messages: [{ role: "user", content: "stream me" }],
      });
      stream.on("text", (text) => texts.push(text));
      const message = await stream.finalMessage();
      expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "echo: stream me" })]);
      expect(texts.join("")).toBe("echo: stream me");
      expect(message.stop_reason).toBe("end_turn");
      expect(message.usage.output_tokens).toBe(7);
      expect(seen.at(-1)!.request.stream).toBe(true);
    });

    it("runs a two-turn tool-use exchange", async () => {
      const client = line.create(server.url);
      const first = await client.messages.create({
        model: "claude-test",
        max_tokens: 64,
        tools: [weatherTool],
        messages: [{ role: "user", content: "Weather in Paris?" }],
      });
      expect(first.stop_reason).toBe("tool_use");
      const call = first.content.find((block) => block.type === "tool_use");
      expect(call).toMatchObject({
        type: "tool_use",
        id: "toolu_echo_1",
        name: "get_weather",
        input: { city: "Paris" },
      });
      const second = await client.messages.create({
        model: "claude-test",
        max_tokens: 64,
        tools: [weatherTool],
        messages: [
          { role: "user", content: "Weather in Paris?" },
          { role: "assistant", content: first.content as never },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_echo_1", content: "18°C" }] },
        ],
      });
      expect(second.content).toEqual([expect.objectContaining({ type: "text", text: "tool said: 18°C" })]);
      const result = seen.at(-1)!.request.messages.at(-1)!.parts[0];
      expect(result).toMatchObject({ type: "tool-result", callId: "toolu_echo_1", name: "get_weather" });
    });

    it("streams a tool call that the SDK assembles", async () => {
      const client = line.create(server.url);
      const message = await client.messages
        .stream({
          model: "claude-test",
          max_tokens: 64,
          tools: [weatherTool],
          messages: [{ role: "user", content: "Weather?" }],
        })
        .finalMessage();
      expect(message.content.find((block) => block.type === "tool_use")).toMatchObject({
        input: { city: "Paris" },
      });
    });

    it("gets the format's own 400 for an invalid request", async () => {
      const client = line.create(server.url);
      const failure = await client.messages
        .create({
          model: "claude-test",
          max_tokens: 64,
          temperature: 3,
          messages: [{ role: "user", content: "x" }],
        })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({
        status: 400,
        error: {
          type: "error",
          error: { type: "invalid_request_error", message: expect.stringMatching(/^temperature: /) },
        },
      });
    });
  });
}
