import { describe, expect, it } from "vitest";
import {
  buildMessagesUpstreamRequest,
  messagesHttpBinding,
  readMessagesApiKey,
  readMessagesVersionHeaders,
} from "./messages-http-binding";

const request = (headers: Record<string, string>) =>
  new Request("http://gateway.test/v1/messages", { method: "POST", headers });

describe("messagesHttpBinding", () => {
  it("reads the key from x-api-key (the 0.x SDK line) or a bearer token (the 1.x line)", () => {
    expect(readMessagesApiKey(request({ "x-api-key": "sk-a" }))).toBe("sk-a");
    expect(readMessagesApiKey(request({ authorization: "Bearer sk-b" }))).toBe("sk-b");
    expect(readMessagesApiKey(request({ authorization: "Basic abc" }))).toBeUndefined();
    expect(readMessagesApiKey(request({}))).toBeUndefined();
  });

  it("reads the version and betas under the real header names and the seed's spellings", () => {
    expect(
      readMessagesVersionHeaders(
        request({ "anthropic-version": "2023-06-01", "anthropic-beta": "a-2025-01-01, b-2025-02-02" }),
      ),
    ).toEqual({ version: "2023-06-01", betas: ["a-2025-01-01", "b-2025-02-02"] });
    expect(
      readMessagesVersionHeaders(request({ "vendor-version": "2023-06-01", "vendor-beta": "c-2025-03-03" })),
    ).toEqual({ version: "2023-06-01", betas: ["c-2025-03-03"] });
    expect(readMessagesVersionHeaders(request({ "anthropic-beta": "a", "vendor-beta": "b" }))).toEqual({
      betas: ["a", "b"],
    });
  });

  it("builds the upstream call with the version header and either auth style", () => {
    const options = {
      baseURL: "https://upstream.test/",
      apiKey: "sk-up",
      model: "claude-x",
      stream: true,
      body: { model: "ignored", max_tokens: 10, messages: [{ role: "user" as const, content: "hi" }] },
      headers: { "anthropic-beta": "b-1" },
    };
    const byKey = buildMessagesUpstreamRequest(options);
    expect(byKey.url).toBe("https://upstream.test/v1/messages");
    expect(byKey.headers).toMatchObject({
      "x-api-key": "sk-up",
      "anthropic-version": "2023-06-01",
      "anthropic-beta": "b-1",
      accept: "text/event-stream",
    });
    expect(byKey.headers.authorization).toBeUndefined();
    expect(JSON.parse(byKey.body)).toMatchObject({ model: "claude-x", stream: true });
    const byBearer = buildMessagesUpstreamRequest({ ...options, stream: false }, "bearer");
    expect(byBearer.headers.authorization).toBe("Bearer sk-up");
    expect(byBearer.headers["x-api-key"]).toBeUndefined();
    expect(JSON.parse(byBearer.body).stream).toBeUndefined();
  });

  it("matches POST /v1/messages with any query, and nothing else", () => {
    const match = (method: string, url: string) => messagesHttpBinding.matchChatRequest(method, new URL(url));
    expect(match("POST", "http://g.test/v1/messages?beta=true")).toEqual({});
    expect(match("GET", "http://g.test/v1/messages")).toBeUndefined();
    expect(match("POST", "http://g.test/v1/messages/count_tokens")).toBeUndefined();
  });
});
