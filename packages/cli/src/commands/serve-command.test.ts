import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { specPath } from "@interlingua/core/test";
import { defaultRecordingFormats, RecordedExchange } from "@interlingua/recordings";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../run-cli";
import { captureIo } from "../testing/capture-io";
import { type RunningServe, startServe } from "./serve-command";

const weatherTool = {
  name: "get_weather",
  description: "The current weather in a city.",
  parameters: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
};

describe("interlingua serve with no provider key (the embedded default), driven by each official client", () => {
  const io = captureIo({ environment: {} });
  const recordDirectory = mkdtempSync(join(tmpdir(), "interlingua-serve-"));
  let running: RunningServe;
  let url: string;

  beforeAll(async () => {
    const started = await startServe(
      ["--port", "0", "--record", recordDirectory],
      io,
      defaultRecordingFormats,
    );
    if (!started) throw new Error("serve did not start");
    running = started;
    url = running.server.url;
  });
  afterAll(async () => {
    await running?.server.close();
    rmSync(recordDirectory, { recursive: true, force: true });
  });

  const anthropic = () => new Anthropic({ baseURL: url, apiKey: "sk-ant-test-secret", maxRetries: 0 });
  const openai = () => new OpenAI({ baseURL: `${url}/v1`, apiKey: "sk-openai-test-secret", maxRetries: 0 });
  const gemini = () =>
    new GoogleGenAI({
      apiKey: "gemini-test-secret",
      httpOptions: { baseUrl: url, retryOptions: { attempts: 1 } },
    });

  it("says at start-up that it serves the bundled recordings", () => {
    expect(io.err()).toMatch(/No provider key configured/);
    expect(io.err()).toMatch(/answering from the 25 recordings bundled with interlingua/);
    expect(io.err()).toContain('"Hello!"');
    expect(io.err()).toContain(`listening on ${url}`);
  });

  it("answers the messages client, whole and streamed, with text and tool calls", async () => {
    const message = await anthropic().messages.create({
      model: "claude-any",
      max_tokens: 100,
      messages: [{ role: "user", content: "Hello!" }],
    });
    expect(message.content[0]).toMatchObject({ type: "text", text: expect.stringContaining("recording") });
    const deltas: string[] = [];
    const stream = anthropic().messages.stream({
      model: "claude-any",
      max_tokens: 100,
      messages: [{ role: "user", content: "Hello!" }],
    });
    stream.on("text", (text) => deltas.push(text));
    await stream.finalMessage();
    expect(deltas.join("")).toContain("recording");
    const call = await anthropic().messages.create({
      model: "claude-any",
      max_tokens: 100,
      tools: [
        {
          name: weatherTool.name,
          description: weatherTool.description,
          input_schema: weatherTool.parameters,
        },
      ],
      messages: [{ role: "user", content: "What is the weather in Paris?" }],
    });
    expect(call.stop_reason).toBe("tool_use");
    expect(call.content.find((block) => block.type === "tool_use")).toMatchObject({
      name: "get_weather",
      input: { city: "Paris" },
    });
  });

  it("answers the responses client, whole and streamed, with reasoning", async () => {
    const response = await openai().responses.create({ model: "gpt-any", input: "Hello!" });
    expect(response.output_text).toContain("recording");
    const stream = await openai().responses.create({ model: "gpt-any", input: "Hello!", stream: true });
    let text = "";
    for await (const event of stream) if (event.type === "response.output_text.delta") text += event.delta;
    expect(text).toContain("recording");
    const reasoned = await openai().responses.create({
      model: "gpt-any",
      input: "How many r's are in strawberry?",
      reasoning: { effort: "low", summary: "auto" },
    });
    expect(reasoned.output.map((item) => item.type)).toContain("reasoning");
    expect(reasoned.output_text).toContain("3 r's");
  });

  it("answers the generate-content client, whole and streamed, about an image", async () => {
    const response = await gemini().models.generateContent({ model: "gemini-any", contents: "Hello!" });
    expect(response.text).toContain("recording");
    let text = "";
    for await (const chunk of await gemini().models.generateContentStream({
      model: "gemini-any",
      contents: "Hello!",
    }))
      text += chunk.text ?? "";
    expect(text).toContain("recording");
    const image = await gemini().models.generateContent({
      model: "gemini-any",
      contents: [
        {
          role: "user",
          parts: [
            { text: "What is in this image?" },
            {
              inlineData: {
                mimeType: "image/png",
                data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
              },
            },
          ],
        },
      ],
    });
    expect(image.text).toBe("A single red pixel.");
  });

  it("answers an unrecorded request with a 404 in the caller's format naming the closest recording", async () => {
    const error = await anthropic()
      .messages.create({
        model: "claude-any",
        max_tokens: 10,
        messages: [{ role: "user", content: "Hello there!" }],
      })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect((error as Error).message).toContain("the closest recording is");
    expect((error as Error).message).toMatch(/(chat-completions|messages|responses|generate-content)\/text/);
    // The body's message (the SDK's own message quotes the body as JSON).
    expect((error as { error?: { error?: { message?: string } } }).error?.error?.message).toContain(
      'differs in the user text of part 1 of the conversation: this request has "Hello there!", ' +
        'the recording "Hello!"; they differ from character 6: " there!" here, "!" in the recording',
    );
    const openaiError = await openai()
      .responses.create({ model: "gpt-any", input: "Hello there!" })
      .catch((thrown: unknown) => thrown);
    expect(openaiError).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("records every exchange that passed through, secrets redacted", () => {
    const file = running.recordingFile as string;
    const exchanges = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => RecordedExchange.parse(JSON.parse(line)));
    expect(new Set(exchanges.map((exchange) => exchange.format))).toEqual(
      new Set(["messages", "responses", "generate-content"]),
    );
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain("test-secret");
    const streamed = exchanges.find(
      (exchange) => exchange.format === "messages" && exchange.response?.events,
    );
    expect(streamed?.response?.events?.at(-1)).toEqual({ type: "message_stop" });
    expect(exchanges.find((exchange) => exchange.response?.status === 404)).toBeDefined();
  });
});

describe("interlingua serve --replay", () => {
  it("answers from the given recordings, to a client of another format", async () => {
    const io = captureIo({ environment: { OPENAI_API_KEY: "sk-would-call-upstream" } });
    const recordings = specPath("recordings", "messages", "streamed-tool-use-roundtrip.http.json");
    const running = await startServe(["--port", "0", "--replay", recordings], io, defaultRecordingFormats);
    if (!running) throw new Error("serve did not start");
    try {
      expect(io.err()).toContain(`Answering from the 2 exchanges recorded in ${recordings}`);
      const client = new OpenAI({ baseURL: `${running.server.url}/v1`, apiKey: "sk-test", maxRetries: 0 });
      const response = await client.responses.create({
        model: "gpt-any",
        input: "What is the weather in SF?",
        tools: [
          {
            type: "function",
            name: "get_weather",
            strict: false,
            parameters: { type: "object", properties: { location: { type: "string" } } },
          },
        ],
      });
      expect(response.output.find((item) => item.type === "function_call")).toMatchObject({
        name: "get_weather",
        arguments: expect.stringContaining("San Francisco"),
      });
    } finally {
      await running.server.close();
    }
  });
});

describe("interlingua serve's port", () => {
  it("is taken from INTERLINGUA_PORT when --port is not given, and named when bad", async () => {
    const running = await startServe(
      [],
      captureIo({ environment: { INTERLINGUA_PORT: "0" } }),
      defaultRecordingFormats,
    );
    try {
      expect(running?.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(running?.server.url).not.toMatch(/:8787$/);
    } finally {
      await running?.server.close();
    }
    const io = captureIo({ environment: { INTERLINGUA_PORT: "http" } });
    expect(await runCli(["serve"], io)).toBe(2);
    expect(io.err()).toContain("interlingua serve: INTERLINGUA_PORT: not a port number: http\n");
  });

  it("in use: says so in one line and exits 2", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const io = captureIo({ environment: {} });
      expect(await runCli(["serve", "--port", String(port)], io)).toBe(2);
      expect(io.err()).toBe(`interlingua serve: port ${port} is in use; pass --port\n`);
      expect(io.out()).toBe("");
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

describe("interlingua serve's state", () => {
  it("is refused, named, when REDIS_URL is not a Redis URL or the image-task queue has no Redis", async () => {
    const io = captureIo({ environment: { REDIS_URL: "http://127.0.0.1:6379" } });
    expect(await runCli(["serve", "--port", "0"], io)).toBe(2);
    expect(io.err()).toContain(
      "interlingua serve: REDIS_URL: redis.url: redis.url is a redis:// or rediss:// URL",
    );
    const directory = mkdtempSync(join(tmpdir(), "interlingua-queue-"));
    try {
      const file = join(directory, "gateway.json");
      writeFileSync(
        file,
        JSON.stringify({
          providers: { gemini: { type: "generate-content", baseURL: "http://127.0.0.1:1", apiKey: "k" } },
          routes: [{ model: "*", provider: "gemini" }],
          imageTask: { provider: "gemini", model: "gemini-image", queue: { attempts: 2 } },
        }),
      );
      const queueIo = captureIo({ environment: {} });
      expect(await runCli(["serve", "--config", file, "--port", "0"], queueIo)).toBe(2);
      expect(queueIo.err()).toContain(
        "imageTask.queue needs Redis: set redis.url in the config, or REDIS_URL",
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("is kept in --data-dir", async () => {
    const directory = mkdtempSync(join(tmpdir(), "interlingua-data-"));
    const io = captureIo({ environment: {} });
    const running = await startServe(["--port", "0", "--data-dir", directory], io, defaultRecordingFormats);
    try {
      expect(running?.state).toEqual({ dataDir: directory });
      expect(io.err()).toContain(`Keeping stored responses, image tasks and images in ${directory}\n`);
    } finally {
      await running?.stop();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("interlingua serve's chat-completions server from the environment", () => {
  it("calls it at OPENAI_COMPATIBLE_PATH, for callers of its own format and of another, whole and streamed", async () => {
    // An Azure-style server: chat completions only at a deployment path with an api-version.
    const deploymentPath = "/openai/deployments/house/chat/completions?api-version=2024-10-21";
    const seen: string[] = [];
    const upstream = createHttpServer(async (incoming, outgoing) => {
      seen.push(incoming.url ?? "");
      if (incoming.method !== "POST" || incoming.url !== deploymentPath) {
        outgoing.writeHead(404, { "content-type": "application/json" });
        outgoing.end(
          JSON.stringify({ error: { message: "Resource not found", type: "invalid_request_error" } }),
        );
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { model: string; stream?: boolean };
      const head = { id: "chatcmpl-house", created: 1761000300, model: body.model };
      if (body.stream !== true) {
        outgoing.writeHead(200, { "content-type": "application/json" });
        outgoing.end(
          JSON.stringify({
            ...head,
            object: "chat.completion",
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: "Hello from the deployment", refusal: null },
                logprobs: null,
                finish_reason: "stop",
              },
            ],
            usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
          }),
        );
        return;
      }
      outgoing.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (delta: object, finish: string | null) => ({
        ...head,
        object: "chat.completion.chunk",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      });
      for (const event of [
        chunk({ role: "assistant", content: "" }, null),
        chunk({ content: "Hello from " }, null),
        chunk({ content: "the deployment" }, null),
        chunk({}, "stop"),
        {
          ...head,
          object: "chat.completion.chunk",
          choices: [],
          usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
        },
      ])
        outgoing.write(`data: ${JSON.stringify(event)}\n\n`);
      outgoing.end("data: [DONE]\n\n");
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const directory = mkdtempSync(join(tmpdir(), "interlingua-path-"));
    const io = captureIo({
      environment: { OPENAI_COMPATIBLE_BASE_URL: upstreamUrl, OPENAI_COMPATIBLE_PATH: deploymentPath },
    });
    const running = await startServe(["--port", "0", "--data-dir", directory], io, defaultRecordingFormats);
    try {
      if (!running) throw new Error(`serve did not start: ${io.err()}`);
      const url = running.server.url;
      const openai = new OpenAI({ baseURL: `${url}/v1`, apiKey: "sk-test", maxRetries: 0 });
      const completion = await openai.chat.completions.create({
        model: "house",
        messages: [{ role: "user", content: "Hi" }],
      });
      expect(completion.choices[0]?.message.content).toBe("Hello from the deployment");
      const streamed: string[] = [];
      for await (const chunk of await openai.chat.completions.create({
        model: "house",
        messages: [{ role: "user", content: "Hi" }],
        stream: true,
      }))
        streamed.push(chunk.choices[0]?.delta.content ?? "");
      expect(streamed.join("")).toBe("Hello from the deployment");

      const anthropic = new Anthropic({ baseURL: url, apiKey: "sk-ant-test", maxRetries: 0 });
      const message = await anthropic.messages.create({
        model: "house",
        max_tokens: 64,
        messages: [{ role: "user", content: "Hi" }],
      });
      expect(message.content).toEqual([{ type: "text", text: "Hello from the deployment" }]);
      const final = await anthropic.messages
        .stream({ model: "house", max_tokens: 64, messages: [{ role: "user", content: "Hi" }] })
        .finalMessage();
      expect(final.content[0]).toMatchObject({ type: "text", text: "Hello from the deployment" });
      expect(seen).toEqual(Array(4).fill(deploymentPath));
    } finally {
      await running?.stop();
      await new Promise((resolve) => upstream.close(resolve));
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
