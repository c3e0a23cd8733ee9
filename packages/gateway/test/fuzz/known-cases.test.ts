import { describe, expect, it } from "vitest";
import { fuzzKey } from "./fuzz-fronts";
import { createFuzzGateway, fuzzMaxBodyBytes } from "./fuzz-gateway";

/** The requests a probe once answered with a 5xx, each pinned to its 4xx in the caller's format. */
const { gateway } = createFuzzGateway();
const messagesHeaders = {
  "x-api-key": fuzzKey,
  "anthropic-version": "2023-06-01",
  "content-type": "application/json",
};
const googleHeaders = { "x-goog-api-key": fuzzKey, "content-type": "application/json" };

async function call(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  const init = { method, headers, body, duplex: "half" } as RequestInit;
  const response = await gateway.fetch(new Request(`http://gateway.test${path}`, init));
  return { status: response.status, headers: response.headers, json: await response.json() };
}

const deep = (depth: number) => `{"model":"fuzz-gc","messages":${"[".repeat(depth)}${"]".repeat(depth)}}`;

describe("bad input once answered with a 5xx", () => {
  it("JSON nested 5,000 levels is a 400 naming the limit, on every front", async () => {
    const answers = await Promise.all([
      call("POST", "/v1/messages", messagesHeaders, deep(5000)),
      call("POST", "/v1/responses", { authorization: `Bearer ${fuzzKey}` }, deep(5000)),
      call("POST", "/v1beta/models/fuzz-gc:generateContent", googleHeaders, deep(5000)),
      call("POST", "/mj/submit/imagine", { authorization: `Bearer ${fuzzKey}` }, deep(5000)),
    ]);
    for (const answer of answers) expect(answer.status).toBe(400);
    const [messages, responses, generate, imageTask] = answers.map((answer) => answer.json);
    expect(messages).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    expect(messages.error.message).toContain("limit of 128 levels");
    expect(responses.error.message).toContain("limit of 128 levels");
    expect(generate.error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
    expect(imageTask).toMatchObject({
      code: expect.any(Number),
      description: expect.stringContaining("128 levels"),
    });
  });

  it("input_schema.properties: null is a 400 naming the field, whatever the upstream", async () => {
    for (const model of ["fuzz-messages", "fuzz-responses", "fuzz-gc"]) {
      const body = {
        model,
        max_tokens: 20,
        messages: [{ role: "user", content: "hi" }],
        tools: [{ name: "t", input_schema: { type: "object", properties: null } }],
      };
      const answer = await call("POST", "/v1/messages", messagesHeaders, JSON.stringify(body));
      expect(answer.status).toBe(400);
      expect(answer.json.error.message).toContain("tools.0.input_schema.properties");
    }
  });

  it("a generate-content tool keyed by an Object.prototype name is refused or passed on, never a 500", async () => {
    for (const model of ["fuzz-messages", "fuzz-responses", "fuzz-gc"]) {
      const body = {
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
        tools: [{ constructor: {}, toString: 1 }],
      };
      const answer = await call(
        "POST",
        `/v1beta/models/${model}:generateContent`,
        googleHeaders,
        JSON.stringify(body),
      );
      expect(answer.status).toBeLessThan(500);
    }
  });

  it("%ZZ as the model in a path is a 400 in the front's format, or its 401 without a key", async () => {
    const body = JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] });
    const chat = await call("POST", "/v1beta/models/%ZZ:generateContent", googleHeaders, body);
    expect(chat.status).toBe(400);
    expect(chat.json.error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
    expect(chat.json.error.message).toContain("%ZZ");
    const keyless = await call("POST", "/v1beta/models/%ZZ:streamGenerateContent", {}, body);
    expect(keyless.status).toBe(401);
    expect(keyless.json.error).toMatchObject({ code: 401, status: "UNAUTHENTICATED" });
    const listing = await call("GET", "/v1beta/models/%ZZ", { "x-goog-api-key": fuzzKey });
    expect(listing.status).toBe(400);
    expect(listing.json.error.code).toBe(400);
    const messagesListing = await call("GET", "/v1/models/%ZZ", messagesHeaders);
    expect(messagesListing.status).toBe(400);
    expect(messagesListing.json).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
  });

  it("an image-task upload past the limit is refused while it streams, before the rest is read", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`"${"x".repeat(64 * 1024)}",`);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(pulled === 1 ? new TextEncoder().encode('{"prompt":[') : chunk);
      },
    });
    const answer = await call(
      "POST",
      "/mj/submit/imagine",
      { authorization: `Bearer ${fuzzKey}`, "content-type": "application/json" },
      body,
    );
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({
      code: expect.any(Number),
      description: expect.stringContaining("262144"),
    });
    expect(pulled * chunk.length).toBeLessThan(fuzzMaxBodyBytes + 4 * chunk.length);
  });
});
