import { describe, expect, it } from "vitest";
import {
  buildGenerateContentUpstreamRequest,
  generateContentHttpBinding,
} from "./generate-content-http-binding";

const match = (method: string, url: string) =>
  generateContentHttpBinding.matchChatRequest(method, new URL(url));

describe("generate-content HTTP binding", () => {
  it("serves both /v1beta and /v1, streaming and not", () => {
    expect(match("POST", "http://h/v1beta/models/gemini-2.5-flash:generateContent")).toEqual({
      model: "gemini-2.5-flash",
      stream: false,
    });
    expect(match("POST", "http://h/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse")).toEqual({
      model: "gemini-2.5-flash",
      stream: true,
    });
    expect(match("post", "http://h/prefix/v1beta/models/a%2Fb:generateContent")).toEqual({
      model: "a/b",
      stream: false,
    });
    expect(match("GET", "http://h/v1beta/models/m:generateContent")).toBeUndefined();
    expect(match("POST", "http://h/v1beta/models/m:countTokens")).toBeUndefined();
    expect(match("POST", "http://h/v1/messages")).toBeUndefined();
  });

  it("reads the key from x-goog-api-key or ?key=", () => {
    const read = (url: string, headers?: Record<string, string>) =>
      generateContentHttpBinding.readApiKey(new Request(url, { headers }));
    expect(read("http://h/v1/models/m:generateContent", { "x-goog-api-key": "header-key" })).toBe(
      "header-key",
    );
    expect(read("http://h/v1/models/m:generateContent?key=query-key")).toBe("query-key");
    expect(read("http://h/v1/models/m:generateContent")).toBeUndefined();
  });

  it("builds the upstream path from the model, stream mode and version, leaving model out of the body", () => {
    const request = buildGenerateContentUpstreamRequest({
      baseURL: "https://up.example/",
      apiKey: "k",
      model: "models/gemini-2.5-pro",
      stream: true,
      body: { model: "models/gemini-2.5-pro", contents: [] },
    });
    expect(request.url).toBe("https://up.example/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse");
    expect(request.headers["x-goog-api-key"]).toBe("k");
    expect(JSON.parse(request.body)).toEqual({ contents: [] });
    expect(
      buildGenerateContentUpstreamRequest(
        { baseURL: "https://up.example", apiKey: "k", model: "m", stream: false, body: { contents: [] } },
        "v1",
      ).url,
    ).toBe("https://up.example/v1/models/m:generateContent");
  });
});
