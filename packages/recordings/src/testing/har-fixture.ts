import { formatSseMessage } from "@interlingua/core";
import type { RecordedExchange } from "../format/recorded-exchange";

/**
 * A HAR 1.2 document as a browser or proxy would save it: the given exchanges (stream answers as
 * SSE text in `content.text`, as HAR keeps them) between entries that are not LLM calls.
 */
export function harFixture(
  exchanges: readonly RecordedExchange[],
  eventName: (exchange: RecordedExchange, event: unknown) => string | undefined,
): unknown {
  const noise = (url: string, mimeType: string, text: string) => ({
    startedDateTime: "2026-01-01T00:00:00.000Z",
    time: 1,
    request: {
      method: "GET",
      url,
      httpVersion: "HTTP/1.1",
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      headers: [{ name: "Content-Type", value: mimeType }],
      cookies: [],
      content: { size: text.length, mimeType, text },
      redirectURL: "",
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  });
  const entries: unknown[] = [noise("https://example.test/index.html", "text/html", "<html></html>")];
  for (const exchange of exchanges) {
    const response = exchange.response;
    const isStream = response?.events !== undefined;
    const text = isStream
      ? (response?.events ?? [])
          .map((event) => {
            const name = eventName(exchange, event);
            return formatSseMessage(
              name === undefined
                ? { data: JSON.stringify(event) }
                : { event: name, data: JSON.stringify(event) },
            );
          })
          .join("")
      : JSON.stringify(response?.body ?? {});
    const mimeType = isStream ? "text/event-stream" : "application/json";
    entries.push({
      startedDateTime: "2026-01-01T00:00:01.000Z",
      time: 100,
      request: {
        method: exchange.method,
        url: `https://api.example.test${exchange.path}`,
        httpVersion: "HTTP/1.1",
        headers: [
          { name: "Content-Type", value: "application/json" },
          { name: "Authorization", value: "Bearer sk-secret-key" },
          { name: "x-api-key", value: "sk-secret-key" },
        ],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: -1,
        postData: { mimeType: "application/json", text: JSON.stringify(exchange.request?.body) },
      },
      response: {
        status: response?.status ?? 0,
        statusText: "",
        httpVersion: "HTTP/1.1",
        headers: [
          { name: "Content-Type", value: mimeType },
          { name: "Set-Cookie", value: "session=secret" },
        ],
        cookies: [],
        content: {
          size: text.length,
          mimeType,
          text: Buffer.from(text).toString("base64"),
          encoding: "base64",
        },
        redirectURL: "",
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 100, receive: 0 },
    });
    entries.push(noise("https://example.test/analytics.js", "application/javascript", "void 0"));
  }
  return { log: { version: "1.2", creator: { name: "interlingua tests", version: "1" }, entries } };
}
