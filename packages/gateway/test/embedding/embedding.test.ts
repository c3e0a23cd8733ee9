import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { testChatProvider } from "@interlingua/core/test";
import { responsesCodec } from "@interlingua/responses";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFunctionProvider } from "../../examples/echo-provider";
import { createExpressApp } from "../../examples/express-app";
import { createHonoApp } from "../../examples/hono-app";
import { createAppServer } from "../../examples/node-http-mount";
import { startGateway } from "../../examples/node-server";
import worker from "../../examples/worker";
import { createGateway, type GatewayConfig } from "../../src/index";
import { textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

const examples = [
  "node-server.ts",
  "node-http-mount.ts",
  "hono-app.ts",
  "express-app.ts",
  "worker.ts",
  "bun-server.ts",
  "deno-server.ts",
  "route-handler.ts",
  "echo-provider.ts",
];
const exampleText = (name: string) =>
  readFileSync(new URL(`../../examples/${name}`, import.meta.url), "utf8");

const key = "embedding-caller-key";
let upstream: ScriptedUpstream;

beforeAll(async () => {
  upstream = await createScriptedUpstream(responsesCodec);
  upstream.answer((call) => ({ response: textAnswer(`upstream answered ${call.request.model}`) }));
});
afterAll(() => upstream.close());

function config(): GatewayConfig {
  return {
    auth: { keys: [key] },
    providers: {
      reverse: createFunctionProvider((text) => [...text].reverse().join("")),
      openai: { type: "responses", baseURL: upstream.url, apiKey: "upstream-key" },
    },
    routes: [
      { model: "reverse", provider: "reverse" },
      { model: "*", provider: "openai" },
    ],
  };
}

async function listen(server: import("node:http").Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("docs/embedding.md", () => {
  it("shows every example exactly as tested here", () => {
    const document = readFileSync(new URL("../../../../docs/embedding.md", import.meta.url), "utf8");
    for (const name of examples) expect(document, name).toContain(exampleText(name).trim());
  });

  it("runs the conformance example exactly as printed (at the end of this file)", () => {
    const document = readFileSync(new URL("../../../../docs/embedding.md", import.meta.url), "utf8");
    const block =
      /```ts\nimport \{ testChatProvider \} from "@interlingua\/core\/test";\n\n([\s\S]*?)```/.exec(document);
    expect(block, "docs/embedding.md has no testChatProvider example").not.toBeNull();
    expect(readFileSync(new URL(import.meta.url), "utf8")).toContain(block![1]!);
  });

  it("keeps the custom provider under 50 lines", () => {
    expect(exampleText("echo-provider.ts").trimEnd().split("\n").length).toBeLessThan(50);
  });
});

describe("the examples", () => {
  it("node-server: serves the gateway on its own Node server", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const server = await startGateway(config(), 0);
    try {
      expect(log).toHaveBeenCalledWith(`interlingua gateway on ${server.url}`);
      const client = new Anthropic({ baseURL: server.url, apiKey: key, maxRetries: 0 });
      const message = await client.messages.create({
        model: "gpt-4o",
        max_tokens: 50,
        messages: [{ role: "user", content: "hi" }],
      });
      expect(message.content).toEqual([{ type: "text", text: "upstream answered gpt-4o" }]);
    } finally {
      log.mockRestore();
      await server.close();
    }
  });

  it("node-http-mount: the gateway under /llm beside the app's own paths", async () => {
    const server = createAppServer(createGateway(config()));
    const url = await listen(server);
    try {
      expect(await (await fetch(`${url}/`)).text()).toBe("the rest of the app");
      const client = new OpenAI({ baseURL: `${url}/llm/v1`, apiKey: key, maxRetries: 0 });
      const response = await client.responses.create({ model: "reverse", input: "stressed" });
      expect(response.output_text).toBe("desserts");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("hono-app: Hono hands the model APIs to the gateway", async () => {
    const app = createHonoApp(createGateway(config()));
    expect(await (await app.fetch(new Request("http://app.test/health"))).text()).toBe("ok");
    const client = new OpenAI({
      baseURL: "http://app.test/v1",
      apiKey: key,
      maxRetries: 0,
      fetch: async (input, init) => app.fetch(new Request(input as RequestInfo, init)),
    });
    const stream = await client.responses.create({ model: "reverse", input: "drawer", stream: true });
    let text = "";
    for await (const event of stream) if (event.type === "response.output_text.delta") text += event.delta;
    expect(text).toBe("reward");
  });

  it("express-app: Express keeps its JSON routes and streams the gateway's", async () => {
    const server = createExpressApp(createGateway(config())).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const note = await fetch(`${url}/notes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "hi" }),
      });
      expect(await note.json()).toEqual({ saved: { text: "hi" } });
      const client = new GoogleGenAI({
        apiKey: key,
        httpOptions: { baseUrl: url, retryOptions: { attempts: 1 } },
      });
      const stream = await client.models.generateContentStream({ model: "reverse", contents: "live" });
      let text = "";
      for await (const chunk of stream) text += chunk.text ?? "";
      expect(text).toBe("evil");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("worker: a Workers-style module configured from its environment bindings", async () => {
    const env = {
      OPENAI_API_KEY: "upstream-key",
      OPENAI_BASE_URL: `${upstream.url}/v1`,
      INTERLINGUA_API_KEYS: key,
    };
    const response = await worker.fetch(
      new Request("https://worker.example/v1/messages", {
        method: "POST",
        headers: { "x-api-key": key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-5", max_tokens: 50, messages: [{ role: "user", content: "hi" }] }),
      }),
      env,
    );
    expect(await response.json()).toMatchObject({
      content: [{ type: "text", text: "upstream answered gpt-5" }],
    });
    expect(upstream.calls.at(-1)?.apiKey).toBe("upstream-key");
  });
});

describe("the route-handler example", () => {
  afterAll(() => vi.unstubAllEnvs());

  it("route-handler: a standard route module configured from process.env", async () => {
    vi.stubEnv("OPENAI_API_KEY", "upstream-key");
    vi.stubEnv("OPENAI_BASE_URL", `${upstream.url}/v1`);
    vi.stubEnv("INTERLINGUA_API_KEYS", key);
    const { POST, GET } = await import("../../examples/route-handler");
    const answer = await POST(
      new Request("https://app.example/v1/responses", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-5", input: "hi" }),
      }),
    );
    expect(await answer.json()).toMatchObject({
      output: [{ content: [{ text: "upstream answered gpt-5" }] }],
    });
    const models = await GET(
      new Request("https://app.example/v1/models", { headers: { authorization: `Bearer ${key}` } }),
    );
    expect(models.status).toBe(200);
  });
});

// docs/embedding.md's conformance example, exactly as printed there (checked above).
testChatProvider("my provider", () => createFunctionProvider((text) => text.toUpperCase()), {
  failingRequest: { model: "x", messages: [] },
});
