import { formatSseMessage } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { defaultRecordingFormats as formats } from "../format/default-recording-formats";
import type { RecordedExchange } from "../format/recorded-exchange";
import { findRecordingFormat } from "../format/recording-format";
import { readFileExchanges, sharedRecordingFiles } from "../testing/shared-recordings";
import { recordExchanges } from "./record-exchanges";

async function shared(file: string): Promise<RecordedExchange[]> {
  const found = sharedRecordingFiles(formats).find((candidate) => candidate.file === file);
  return readFileExchanges(found?.path ?? "", formats);
}

/** A handler that answers with a recorded exchange's answer, as an upstream would send it. */
function answering(exchange: RecordedExchange) {
  return (_request: Request) => {
    const response = exchange.response;
    if (response?.events) {
      const codec = findRecordingFormat(formats, exchange.format).codec;
      const text = response.events
        .map((event) => formatSseMessage({ event: codec.sseEventName(event), data: JSON.stringify(event) }))
        .join("");
      // Split into small chunks so events cross chunk boundaries.
      const bytes = new TextEncoder().encode(text);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 7)
            controller.enqueue(bytes.slice(offset, offset + 7));
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    }
    return Response.json(response?.body, {
      status: response?.status ?? 200,
      headers: { "request-id": "req_1" },
    });
  };
}

function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://127.0.0.1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "sk-live-secret", ...headers },
    body: JSON.stringify(body),
  });
}

describe("recordExchanges", () => {
  it("records a streamed exchange as the events the caller received, secrets redacted", async () => {
    const [source] = await shared("streamed-tool-use-roundtrip.http.json");
    const recorded: RecordedExchange[] = [];
    const handler = recordExchanges(answering(source as RecordedExchange), {
      onExchange: (e) => void recorded.push(e),
    });
    const response = await handler(post("/v1/messages?key=abc", source?.request?.body));
    const text = await response.text();
    expect(text).toContain("event: message_start");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recorded).toHaveLength(1);
    const [exchange] = recorded;
    expect(exchange).toMatchObject({
      format: "messages",
      method: "POST",
      path: "/v1/messages?key=%5Bredacted%5D",
    });
    expect(exchange?.request?.headers["x-api-key"]).toBe("[redacted]");
    expect(exchange?.request?.body).toEqual(source?.request?.body);
    expect(exchange?.response?.events).toEqual(source?.response?.events);
  });

  it("records a JSON exchange and leaves the caller's body intact", async () => {
    const [source] = await shared("tool-runner-roundtrips.nock.json");
    const recorded: RecordedExchange[] = [];
    const handler = recordExchanges(answering(source as RecordedExchange), {
      onExchange: (e) => void recorded.push(e),
    });
    const response = await handler(
      post("/v1/messages", source?.request?.body, { authorization: "Bearer sk" }),
    );
    expect(await response.json()).toEqual(source?.response?.body);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recorded[0]?.response).toEqual({
      status: 200,
      headers: { "content-type": "application/json", "request-id": "req_1" },
      body: source?.response?.body,
    });
    expect(recorded[0]?.request?.headers.authorization).toBe("[redacted]");
  });

  it("passes other requests through unrecorded", async () => {
    const recorded: RecordedExchange[] = [];
    const handler = recordExchanges(() => new Response("ok"), { onExchange: (e) => void recorded.push(e) });
    const response = await handler(new Request("http://127.0.0.1/health"));
    expect(await response.text()).toBe("ok");
    expect(recorded).toEqual([]);
  });

  it("never breaks an answer when recording fails", async () => {
    const errors: unknown[] = [];
    const [source] = await shared("tool-runner-roundtrips.nock.json");
    const handler = recordExchanges(answering(source as RecordedExchange), {
      onExchange: () => {
        throw new Error("disk full");
      },
      onError: (error) => errors.push(error),
    });
    const response = await handler(post("/v1/messages", source?.request?.body));
    expect(response.status).toBe(200);
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
  });
});
