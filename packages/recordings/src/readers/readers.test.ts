import { describe, expect, it } from "vitest";
import { defaultRecordingFormats as formats } from "../format/default-recording-formats";
import type { RecordedExchange } from "../format/recorded-exchange";
import { readExchanges } from "./read-exchanges";
import { RecordingInputError } from "./recording-input-error";

async function read(text: string, name?: string, format?: string): Promise<RecordedExchange[]> {
  const exchanges: RecordedExchange[] = [];
  async function* chunks() {
    for (let offset = 0; offset < text.length; offset += 13) yield text.slice(offset, offset + 13);
  }
  for await (const exchange of readExchanges(chunks(), { formats, name, format })) exchanges.push(exchange);
  return exchanges;
}

async function failure(text: string, name?: string): Promise<Error> {
  return read(text, name).then(
    () => {
      throw new Error("expected the read to fail");
    },
    (error: Error) => error,
  );
}

describe("single JSON bodies", () => {
  it("tells a request from a response and an error, and each format by its shape", async () => {
    const [request] = await read(JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hi" }] }] }));
    expect(request).toMatchObject({
      format: "generate-content",
      request: { body: { contents: [{ role: "user" }] } },
    });
    expect(request?.response).toBeUndefined();
    const [response] = await read(JSON.stringify({ object: "response", id: "resp_1", output: [] }));
    expect(response).toMatchObject({ format: "responses", response: { status: 200 } });
    const [error] = await read(
      JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "busy" } }),
    );
    expect(error).toMatchObject({ format: "messages", response: { status: 529 } });
    const [named] = await read(
      JSON.stringify({ error: { message: "bad key", type: "invalid_request_error" } }),
      "key.401.json",
    );
    expect(named).toMatchObject({ format: "responses", response: { status: 401 } });
  });

  it("names the format when nothing tells it, and takes --from", async () => {
    const error = await failure(JSON.stringify({ hello: "world" }), "mystery.json");
    expect(error).toBeInstanceOf(RecordingInputError);
    expect(error.message).toContain("Cannot tell which format mystery.json holds");
    const [given] = await read(JSON.stringify({ type: "message", content: [] }), "x.json", "messages");
    expect(given?.format).toBe("messages");
  });
});

describe("HAR", () => {
  it("finds generate-content calls by path and redacts a key in the query", async () => {
    const har = {
      log: {
        version: "1.2",
        entries: [
          {
            request: {
              method: "POST",
              url: "https://api.example.test/v1beta/models/gemini-x:streamGenerateContent?alt=sse&key=AIza-secret",
              headers: [{ name: "x-goog-api-key", value: "AIza-secret" }],
              postData: { text: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hi" }] }] }) },
            },
            response: {
              status: 200,
              headers: [],
              content: {
                mimeType: "text/event-stream",
                text: `data: ${JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text: "Hello" }] } }] })}\n\n`,
              },
            },
          },
          {
            request: { method: "GET", url: "https://api.example.test/v1beta/models" },
            response: { status: 200 },
          },
        ],
      },
    };
    const exchanges = await read(JSON.stringify(har), "capture.har");
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({
      format: "generate-content",
      path: "/v1beta/models/gemini-x:streamGenerateContent?alt=sse&key=%5Bredacted%5D",
      request: { headers: { "x-goog-api-key": "[redacted]" } },
      response: { status: 200, events: [{ candidates: [{ content: { parts: [{ text: "Hello" }] } }] }] },
    });
    expect(JSON.stringify(exchanges)).not.toContain("AIza-secret");
  });

  it("rejects a file that is not HAR, and one that breaks off, clearly", async () => {
    expect((await failure('{"log": {"version": "1.2", "entries": [{"request": ', "cut.har")).message).toMatch(
      /^cut\.har: not a valid HAR file/,
    );
    expect((await failure('{"entries": []}', "other.har")).message).toBe(
      'other.har: not a HAR file (no "log.version")',
    );
  });
});

describe("SSE transcripts and JSONL", () => {
  it("reads an SSE transcript as one streamed answer, skipping [DONE]", async () => {
    const text = `event: response.created\ndata: {"type":"response.created","response":{"id":"r"}}\n\ndata: [DONE]\n\n`;
    const [exchange] = await read(text);
    expect(exchange).toMatchObject({
      format: "responses",
      response: { events: [{ type: "response.created" }] },
    });
  });

  it("names the line of a broken JSONL recording and refuses mixed lines", async () => {
    const exchange = JSON.stringify({
      format: "messages",
      response: { status: 200, body: { type: "message" } },
    });
    expect((await failure(`${exchange}\n{oops\n`, "calls.jsonl")).message).toMatch(
      /^calls\.jsonl:2: not valid JSON/,
    );
    expect((await failure(`${exchange}\n{"type":"ping"}\n`, "calls.jsonl")).message).toMatch(
      /^calls\.jsonl:2: .*mixed/,
    );
    expect(
      (await failure(`{"format":"messages","response":{"status":99}}\n`, "calls.jsonl")).message,
    ).toMatch(/^calls\.jsonl:1: not a recorded exchange/);
  });
});
