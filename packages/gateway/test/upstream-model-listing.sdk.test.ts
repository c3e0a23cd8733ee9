import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../src/index";

const key = "listing-key";
const calls = { messages: [] as string[], responses: [] as string[], google: [] as string[], broken: 0 };
const upstreams: LocalServer[] = [];
let server: LocalServer;

/** One page of `ids`, `size` long, starting after `after` (the first page when absent). */
function page(ids: readonly string[], after: string | null, size: number) {
  const start = after === null ? 0 : ids.indexOf(after) + 1;
  return { items: ids.slice(start, start + size), more: start + size < ids.length };
}

const claudeIds = ["claude-opus-4", "claude-sonnet-4", "claude-haiku-3", "not-claude"];
/** A messages upstream's `GET /v1/models`: its key and version required, two models a page. */
async function messagesUpstream(request: Request): Promise<Response> {
  const url = new URL(request.url);
  calls.messages.push(url.search);
  if (request.headers.get("x-api-key") !== "anthropic-key" || !request.headers.get("anthropic-version"))
    return Response.json(
      { type: "error", error: { type: "authentication_error", message: "bad key" } },
      { status: 401 },
    );
  if (url.pathname !== "/v1/models")
    return Response.json(
      { type: "error", error: { type: "not_found_error", message: "no" } },
      { status: 404 },
    );
  const { items, more } = page(claudeIds, url.searchParams.get("after_id"), 2);
  return Response.json({
    data: items.map((id) => ({ type: "model", id, display_name: id, created_at: "2025-01-01T00:00:00Z" })),
    has_more: more,
    first_id: items[0] ?? null,
    last_id: items.at(-1) ?? null,
  });
}

/** A responses upstream's `GET /v1/models`, bearer key required. */
async function responsesUpstream(request: Request): Promise<Response> {
  const url = new URL(request.url);
  calls.responses.push(url.pathname);
  if (request.headers.get("authorization") !== "Bearer openai-key")
    return Response.json(
      { error: { message: "bad key", type: "invalid_request_error", param: null, code: "invalid_api_key" } },
      { status: 401 },
    );
  const ids = ["gpt-5", "gpt-5-mini", "gpt-4o", "o3"];
  return Response.json({
    object: "list",
    data: ids.map((id) => ({ id, object: "model", created: 1, owned_by: "openai" })),
  });
}

const geminiIds = ["gemini-2.5-pro", "text-embedding-004", "gemini-2.5-flash"];
/** A generate-content upstream's `GET /v1beta/models`: its key required, two models a page. */
async function googleUpstream(request: Request): Promise<Response> {
  const url = new URL(request.url);
  calls.google.push(url.search);
  if (request.headers.get("x-goog-api-key") !== "google-key" || url.pathname !== "/v1beta/models")
    return Response.json(
      { error: { code: 403, message: "denied", status: "PERMISSION_DENIED" } },
      { status: 403 },
    );
  const token = url.searchParams.get("pageToken");
  const { items, more } = page(geminiIds, token, 2);
  return Response.json({
    models: items.map((id) => ({ name: `models/${id}`, displayName: id })),
    ...(more ? { nextPageToken: items.at(-1) } : {}),
  });
}

beforeAll(async () => {
  const [messages, responses, google, broken] = await Promise.all([
    serveFetch(messagesUpstream),
    serveFetch(responsesUpstream),
    serveFetch(googleUpstream),
    serveFetch(() => {
      calls.broken++;
      return new Response("<html>down</html>", { status: 500 });
    }),
  ]);
  upstreams.push(messages, responses, google, broken);
  const gateway = createGateway({
    auth: { keys: [key] },
    providers: {
      anthropic: { type: "messages", baseURL: messages.url, apiKey: "anthropic-key" },
      openai: { type: "responses", baseURL: responses.url, apiKey: "openai-key" },
      google: { type: "generate-content", baseURL: google.url, apiKey: "google-key" },
      broken: { type: "responses", baseURL: broken.url, apiKey: "broken-key" },
      unreachable: { type: "messages", baseURL: "http://127.0.0.1:9", apiKey: "x" },
    },
    routes: [
      { model: "claude-house", provider: "anthropic", upstreamModel: "claude-sonnet-4" },
      { model: "claude-haiku-3", provider: "openai" },
      { model: "claude-*", provider: "anthropic" },
      { model: "gpt-5*", provider: "openai" },
      { model: "o3", provider: "openai" },
      { model: "gemini-*", provider: "google" },
      { model: "broken-*", provider: "broken" },
      { model: "far-*", provider: "unreachable" },
      { model: "renamed-*", provider: "openai", upstreamModel: "gpt-4o" },
    ],
  });
  server = await serveFetch(gateway.fetch);
});
afterAll(async () => {
  await server.close();
  await Promise.all(upstreams.map((upstream) => upstream.close()));
});

const served = [
  "claude-house",
  "claude-haiku-3",
  "o3",
  "claude-opus-4",
  "claude-sonnet-4",
  "gpt-5",
  "gpt-5-mini",
  "gemini-2.5-pro",
  "gemini-2.5-flash",
];

describe("model listings with what glob routes serve upstream, read by the official clients", () => {
  it("lists exact names and aliases, then each glob's upstream models it matches and routes there, each once", async () => {
    const anthropic = new Anthropic({ baseURL: server.url, apiKey: key, maxRetries: 0 });
    const anthropicIds: string[] = [];
    for await (const model of anthropic.models.list()) anthropicIds.push(model.id);
    expect(anthropicIds).toEqual(served);

    const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: key, maxRetries: 0 });
    const openaiModels: { id: string; owned_by: string }[] = [];
    for await (const model of openai.models.list()) openaiModels.push(model);
    expect(openaiModels.map((model) => model.id)).toEqual(served);
    expect(openaiModels.find((model) => model.id === "claude-haiku-3")?.owned_by).toBe("openai");
    expect(openaiModels.find((model) => model.id === "claude-opus-4")?.owned_by).toBe("anthropic");

    const genai = new GoogleGenAI({
      apiKey: key,
      httpOptions: { baseUrl: server.url, retryOptions: { attempts: 1 } },
    });
    const names: string[] = [];
    for await (const model of await genai.models.list()) names.push(model.name ?? "");
    expect(names).toEqual(served.map((id) => `models/${id}`));
  });

  it("asks each upstream once (every page) within the cache's lifetime, a failing one included", async () => {
    const before = {
      ...calls,
      messages: [...calls.messages],
      google: [...calls.google],
      responses: [...calls.responses],
    };
    const response = await fetch(`${server.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(calls.messages).toEqual(before.messages);
    expect(calls.google).toEqual(before.google);
    expect(calls.responses).toEqual(before.responses);
    expect(calls.broken).toBe(before.broken);
    expect(calls.messages).toEqual(["?limit=1000", "?limit=1000&after_id=claude-sonnet-4"]);
    expect(calls.google).toEqual(["?pageSize=1000", "?pageSize=1000&pageToken=text-embedding-004"]);
    expect(calls.responses).toEqual(["/v1/models"]);
    expect(calls.broken).toBe(1);
  });
});
