import Anthropic, { NotFoundError as AnthropicNotFound } from "@anthropic-ai/sdk";
import { ApiError, GoogleGenAI } from "@google/genai";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import fc from "fast-check";
import OpenAI, { NotFoundError as OpenAINotFound } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../src/index";

const key = "paths-key";
let server: LocalServer;

beforeAll(async () => {
  const gateway = createGateway({
    auth: { keys: [key] },
    providers: { anthropic: { type: "messages", baseURL: "http://127.0.0.1:9", apiKey: "a" } },
    routes: [{ model: "claude-x", provider: "anthropic" }],
  });
  server = await serveFetch(gateway.fetch);
});
afterAll(() => server.close());

const messagesShape = { type: "error", error: { type: "not_found_error", message: expect.any(String) } };
const generateContentShape = { error: { code: 404, status: "NOT_FOUND", message: expect.any(String) } };
const responsesShape = {
  error: { type: "invalid_request_error", message: expect.any(String), param: null, code: "unknown_path" },
};

async function call(method: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { method, headers });
  return { status: response.status, allow: response.headers.get("allow"), body: await response.json() };
}

describe("404s for paths no endpoint serves, in the shape of the format the path belongs to", () => {
  it.each([
    ["GET", "/v1beta/nothing", {}, generateContentShape],
    ["POST", "/v1/models/gemini-x:unknownMethod", { "x-goog-api-key": key }, generateContentShape],
    ["POST", "/v1/models/gemini-x:unknownMethod?key=k", {}, generateContentShape],
    ["POST", "/v1alpha/models/gemini-x:unknownMethod", {}, generateContentShape],
    ["POST", "/v1/responses/resp_1/cancel", {}, responsesShape],
    ["GET", "/v1/responses/resp_1/input_items", { "x-api-key": key }, responsesShape],
    ["POST", "/v1/messages/batches", {}, messagesShape],
    ["POST", "/v1/messages/batches", { authorization: `Bearer ${key}` }, messagesShape],
    ["GET", "/v1/elsewhere", { "x-goog-api-key": key }, generateContentShape],
    ["GET", "/v1/elsewhere", { "x-api-key": key }, messagesShape],
    [
      "GET",
      "/v1/elsewhere",
      { "anthropic-version": "2023-06-01", authorization: `Bearer ${key}` },
      messagesShape,
    ],
    ["GET", "/v1/elsewhere", { authorization: `Bearer ${key}` }, responsesShape],
    ["GET", "/elsewhere", {}, messagesShape],
  ])("%s %s with %j", async (method, path, headers, shape) => {
    const answer = await call(method, path, headers);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(shape);
    expect(JSON.stringify(answer.body)).toContain(path.split("?")[0]);
  });

  it("is read as a not-found error by each official SDK", async () => {
    const anthropic = new Anthropic({ baseURL: server.url, apiKey: key, maxRetries: 0 });
    const anthropicError = await anthropic.get("/v1/messages/batches/none").catch((error: unknown) => error);
    expect(anthropicError).toBeInstanceOf(AnthropicNotFound);
    expect((anthropicError as AnthropicNotFound).error).toMatchObject(messagesShape);

    const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: key, maxRetries: 0 });
    const openaiError = await openai.get("/elsewhere").catch((error: unknown) => error);
    expect(openaiError).toBeInstanceOf(OpenAINotFound);
    expect(openaiError).toMatchObject({ status: 404, code: "unknown_path", type: "invalid_request_error" });

    const genai = new GoogleGenAI({
      apiKey: key,
      httpOptions: { baseUrl: server.url, apiVersion: "v9", retryOptions: { attempts: 1 } },
    });
    const genaiError = await genai.models
      .generateContent({ model: "claude-x", contents: "hi" })
      .catch((error: unknown) => error);
    expect(genaiError).toBeInstanceOf(ApiError);
    expect(genaiError).toMatchObject({ status: 404 });
    expect((genaiError as ApiError).message).toContain("NOT_FOUND");
  });
});

describe("405s in the shape of the endpoint's format, naming what is allowed", () => {
  it.each([
    ["GET", "/v1/messages", "POST", { type: "error", error: { type: expect.any(String) } }],
    ["GET", "/v1beta/models/claude-x:generateContent", "POST", { error: { code: 405 } }],
    ["GET", "/v1/responses", "POST", { error: { code: "method_not_allowed" } }],
    ["PUT", "/v1/responses/compact", "POST", { error: { code: "method_not_allowed" } }],
    ["PATCH", "/v1/responses/resp_1", "GET, DELETE", { error: { code: "method_not_allowed" } }],
    ["POST", "/v1beta/models", "GET", { error: { code: 405 } }],
  ])("%s %s", async (method, path, allow, shape) => {
    const answer = await call(method, path, {
      "x-goog-api-key": key,
      authorization: `Bearer ${key}`,
      "x-api-key": key,
    });
    expect(answer).toMatchObject({ status: 405, allow, body: shape });
  });
});

describe("the shape of an unknown path's 404, for any path and key headers", () => {
  const gateway = createGateway({
    providers: { anthropic: { type: "messages", baseURL: "http://127.0.0.1:9", apiKey: "a" } },
    routes: [{ model: "claude-x", provider: "anthropic" }],
  });
  const segment = fc.constantFrom("a", "b1", "cancel", "input_items", "batches", "x-y", "9");
  const headerSets = fc.subarray([
    "x-goog-api-key",
    "x-api-key",
    "anthropic-version",
    "authorization",
  ] as const);

  /** The format the 404 must be in: the path's owner, else the key header's, else messages. */
  function expectedFormat(
    prefix: string,
    headers: readonly string[],
  ): "messages" | "generate-content" | "responses" {
    if (prefix === "/v1beta") return "generate-content";
    if (prefix === "/v1/responses") return "responses";
    if (prefix === "/v1/messages") return "messages";
    if (headers.includes("x-api-key") || headers.includes("anthropic-version")) return "messages";
    if (headers.includes("x-goog-api-key")) return "generate-content";
    if (headers.includes("authorization")) return "responses";
    return "messages";
  }

  it("is the path's format, else the key header's, else messages", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/v1beta", "/v1/responses", "/v1/messages", "/v2", "/api"),
        fc.array(segment, { minLength: 2, maxLength: 4 }),
        fc.constantFrom("GET", "POST", "PUT", "DELETE"),
        headerSets,
        async (prefix, segments, method, names) => {
          const headers = new Headers();
          for (const name of names) headers.set(name, name === "authorization" ? "Bearer k" : "k");
          const response = await gateway.fetch(
            new Request(`http://gateway.test${prefix}/${segments.join("/")}`, { method, headers }),
          );
          expect(response.status).toBe(404);
          const body = await response.json();
          const shape = {
            messages: messagesShape,
            "generate-content": generateContentShape,
            responses: responsesShape,
          }[expectedFormat(prefix, names)];
          expect(body).toEqual(shape);
        },
      ),
      { numRuns: 300 },
    );
  });
});
