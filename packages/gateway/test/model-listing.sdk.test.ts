import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../src/index";
import { type NodeServer, serveNode } from "../src/node";

const key = "listing-key";
let server: NodeServer;

beforeAll(async () => {
  const gateway = createGateway({
    auth: { keys: [key] },
    providers: {
      anthropic: { type: "messages", baseURL: "http://127.0.0.1:9", apiKey: "a" },
      openai: { type: "responses", baseURL: "http://127.0.0.1:9", apiKey: "o" },
    },
    routes: [
      { model: "claude-house", provider: "anthropic", upstreamModel: "claude-sonnet-4-5" },
      { model: "gpt-house", provider: "openai" },
      { model: "gpt-*", provider: "openai" },
    ],
  });
  server = await serveNode(gateway);
});
afterAll(() => server.close());

describe("model listings read by the official clients", () => {
  it("@anthropic-ai/sdk: models.list and models.retrieve", async () => {
    const client = new Anthropic({ baseURL: server.url, apiKey: key, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(["claude-house", "gpt-house"]);
    expect((await client.models.retrieve("gpt-4.1")).id).toBe("gpt-4.1");
    await expect(client.models.retrieve("llama")).rejects.toMatchObject({ status: 404 });
  });

  it("openai: models.list and models.retrieve", async () => {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: key, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(["claude-house", "gpt-house"]);
    expect(await client.models.retrieve("claude-house")).toMatchObject({
      id: "claude-house",
      owned_by: "anthropic",
    });
    await expect(
      new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "bad", maxRetries: 0 }).models.list(),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it("@google/genai: models.list and models.get", async () => {
    const client = new GoogleGenAI({
      apiKey: key,
      httpOptions: { baseUrl: server.url, retryOptions: { attempts: 1 } },
    });
    const names: string[] = [];
    for await (const model of await client.models.list()) names.push(model.name ?? "");
    expect(names).toEqual(["models/claude-house", "models/gpt-house"]);
    expect((await client.models.get({ model: "gpt-house" })).name).toBe("models/gpt-house");
  });
});
