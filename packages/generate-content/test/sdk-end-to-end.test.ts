import { GoogleGenAI as GoogleGenAICurrent } from "@google/genai";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { GoogleGenAI as GoogleGenAITwo } from "google-genai-2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEchoGenerateContentHandler, type SeenRequest } from "./support/echo-generate-content-server";

const seen: SeenRequest[] = [];
let server: LocalServer;

beforeAll(async () => {
  server = await serveFetch(createEchoGenerateContentHandler(seen));
});
afterAll(() => server.close());

interface Client {
  models: {
    generateContent(params: unknown): Promise<GenerateResult>;
    generateContentStream(params: unknown): Promise<AsyncIterable<GenerateResult>>;
  };
}
interface GenerateResult {
  text?: string;
  functionCalls?: { id?: string; name?: string; args?: Record<string, unknown> }[];
  candidates?: { content?: { role?: string; parts?: unknown[] }; finishReason?: string }[];
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; totalTokenCount?: number };
  responseId?: string;
}

const lines = [
  {
    name: "@google/genai 3.x",
    version: "v1",
    create: (baseUrl: string) =>
      new GoogleGenAICurrent({ apiKey: "key-current", httpOptions: { baseUrl } }) as unknown as Client,
    key: "key-current",
  },
  {
    name: "@google/genai 2.x",
    version: "v1beta",
    create: (baseUrl: string) =>
      new GoogleGenAITwo({ apiKey: "key-two", httpOptions: { baseUrl } }) as unknown as Client,
    key: "key-two",
  },
] as const;

const weatherTool = {
  functionDeclarations: [
    {
      name: "get_weather",
      description: "Weather for a city",
      parameters: { type: "OBJECT", properties: { city: { type: "STRING" } }, required: ["city"] },
    },
  ],
};

for (const line of lines) {
  describe(`${line.name} against a generate-content server on 127.0.0.1`, () => {
    it(`generateContent calls /${line.version}/ and reads back what was sent`, async () => {
      const client = line.create(server.url);
      const response = await client.models.generateContent({
        model: "gemini-test",
        contents: "hello there",
        config: { systemInstruction: "Be brief.", temperature: 0.3, maxOutputTokens: 64 },
      });
      expect(response.text).toBe("echo: hello there");
      expect(response.candidates?.[0]?.finishReason).toBe("STOP");
      expect(response.usageMetadata).toMatchObject({
        promptTokenCount: 11,
        candidatesTokenCount: 7,
        totalTokenCount: 18,
      });
      const last = seen.at(-1)!;
      expect(last.apiVersion).toBe(line.version);
      expect(last.apiKey).toBe(line.key);
      expect(last.request).toMatchObject({
        model: "gemini-test",
        stream: false,
        temperature: 0.3,
        maxOutputTokens: 64,
        instructions: [{ role: "system", parts: [{ type: "text", text: "Be brief." }] }],
      });
    });

    it("generateContentStream yields chunks whose text concatenates to the answer", async () => {
      const client = line.create(server.url);
      const stream = await client.models.generateContentStream({
        model: "gemini-test",
        contents: "stream me",
      });
      const texts: string[] = [];
      let finishReason: string | undefined;
      let usage: GenerateResult["usageMetadata"];
      for await (const chunk of stream) {
        if (chunk.text) texts.push(chunk.text);
        finishReason = chunk.candidates?.[0]?.finishReason ?? finishReason;
        usage = chunk.usageMetadata ?? usage;
      }
      expect(texts.length).toBeGreaterThan(1);
      expect(texts.join("")).toBe("echo: stream me");
      expect(finishReason).toBe("STOP");
      expect(usage?.totalTokenCount).toBe(18);
      expect(seen.at(-1)!.request.stream).toBe(true);
      expect(seen.at(-1)!.apiVersion).toBe(line.version);
    });

    it("runs a two-turn function-calling exchange", async () => {
      const client = line.create(server.url);
      const question = { role: "user", parts: [{ text: "Weather in Paris?" }] };
      const first = await client.models.generateContent({
        model: "gemini-test",
        contents: [question],
        config: { tools: [weatherTool] },
      });
      expect(first.functionCalls).toEqual([
        { id: "call_echo_1", name: "get_weather", args: { city: "Paris" } },
      ]);
      expect(first.candidates?.[0]?.finishReason).toBe("STOP");
      const second = await client.models.generateContent({
        model: "gemini-test",
        contents: [
          question,
          first.candidates![0]!.content,
          {
            role: "user",
            parts: [
              { functionResponse: { id: "call_echo_1", name: "get_weather", response: { output: "18C" } } },
            ],
          },
        ],
        config: { tools: [weatherTool] },
      });
      expect(second.text).toBe("tool get_weather said: 18C");
      const result = seen.at(-1)!.request.messages.at(-1)!.parts[0];
      expect(result).toMatchObject({ type: "tool-result", callId: "call_echo_1", name: "get_weather" });
    });

    it("streams a function call whole", async () => {
      const client = line.create(server.url);
      const stream = await client.models.generateContentStream({
        model: "gemini-test",
        contents: "Weather?",
        config: { tools: [weatherTool] },
      });
      const calls: unknown[] = [];
      for await (const chunk of stream) calls.push(...(chunk.functionCalls ?? []));
      expect(calls).toEqual([{ id: "call_echo_1", name: "get_weather", args: { city: "Paris" } }]);
    });

    it("gets the format's own 400 naming the field for an invalid request", async () => {
      const client = line.create(server.url);
      const failure = await client.models
        .generateContent({ model: "gemini-test", contents: "x", config: { temperature: 3 } })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ status: 400 });
      expect(String((failure as Error).message)).toMatch(/INVALID_ARGUMENT|temperature/);
    });
  });
}
