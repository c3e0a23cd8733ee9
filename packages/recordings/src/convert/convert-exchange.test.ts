import { isDeepStrictEqual } from "node:util";
import { accumulate, CanonicalError, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { type CanonicalExchange, decodeExchange } from "../canonical/decode-exchange";
import { defaultRecordingFormats as formats } from "../format/default-recording-formats";
import type { RecordedExchange } from "../format/recorded-exchange";
import { findRecordingFormat } from "../format/recording-format";
import { readHarExchanges } from "../readers/read-har-exchanges";
import { canonicalProjection } from "../testing/canonical-projection";
import { harFixture } from "../testing/har-fixture";
import { readFileExchanges, sharedRecordingFiles } from "../testing/shared-recordings";
import { convertExchange } from "./convert-exchange";

/**
 * Converts an exchange to every format, decodes the output again and compares canonical forms:
 * same-format conversions must be lossless and equal in full; cross-format ones must carry the
 * conversation and the answer (see `canonicalProjection`) unless they reported a loss.
 */
async function checkAcrossFormats(exchange: RecordedExchange): Promise<void> {
  const requestContext = createConversionContext();
  const responseContext = createConversionContext();
  let original: CanonicalExchange;
  try {
    original = await decodeExchange(exchange, formats, {
      request: requestContext,
      response: responseContext,
    });
  } catch (thrown) {
    // A recorded request the upstream answered 400, which its own format's decoder refuses as the
    // API does: every conversion refuses it too, naming the caller's field.
    if (!CanonicalError.isInstance(thrown) || exchange.response?.status !== 400) throw thrown;
    for (const target of formats) {
      const result = await convertExchange(exchange, { to: target.codec.id, formats });
      expect(result.failure?.param, `${exchange.id} → ${target.codec.id}`).toBe(thrown.param);
    }
    return;
  }
  // What decoding alone drops (a dialect the format reads but never writes, such as Vertex AI's
  // billing fields): the only losses a same-format conversion may report.
  const decodeLosses = [
    ...requestContext.losses.map((loss) => ({ side: "request", ...loss })),
    ...responseContext.losses.map((loss) => ({ side: "response", ...loss })),
  ];
  for (const target of formats) {
    const result = await convertExchange(exchange, { to: target.codec.id, formats });
    if (result.failure && original.error?.kind === "invalid_request") {
      // The recorded request was one the upstream rejected; a target that cannot even express it
      // (a tool result with no tool call) may refuse it too, naming the field.
      expect(result.failure.param, `${exchange.id} → ${target.codec.id}`).toBeDefined();
      continue;
    }
    expect(result.failure, `${exchange.id} → ${target.codec.id}`).toBeUndefined();
    const converted = result.exchange as RecordedExchange;
    expect(converted.format).toBe(target.codec.id);
    expect(converted.request !== undefined).toBe(exchange.request !== undefined);
    expect(converted.response?.events !== undefined).toBe(exchange.response?.events !== undefined);
    const back = await decodeExchange(converted, formats);
    if (target.codec.id === exchange.format) {
      expect(result.losses, `${exchange.id} same-format losses`).toEqual(decodeLosses);
      expect(await comparable(back)).toEqual(await comparable(original));
    } else if (!isDeepStrictEqual(canonicalProjection(back), canonicalProjection(original))) {
      expect(
        result.losses.length,
        `${exchange.id} → ${target.codec.id} changed without a reported loss`,
      ).toBeGreaterThan(0);
    }
  }
}

/**
 * The canonical exchange without its name (an input position), a stream as the response it adds
 * up to: how a stream is cut into events (usage repeated per chunk or sent once) is not content.
 */
async function comparable(value: CanonicalExchange): Promise<unknown> {
  const { id: _id, events, ...rest } = value;
  if (!events) return rest;
  const last = events.at(-1);
  return { ...rest, stream: last?.type === "error" ? last.error : await accumulate(events) };
}

describe("convertExchange over the shared recordings, every pair of formats", () => {
  for (const { format, file, path } of sharedRecordingFiles(formats)) {
    it(`${format}/${file}`, async () => {
      for (const exchange of await readFileExchanges(path, formats)) await checkAcrossFormats(exchange);
    });
  }
});

describe("convertExchange over HAR captures", () => {
  it("converts the LLM entries of a HAR, skipping other traffic and redacting secrets", async () => {
    const exchanges: RecordedExchange[] = [];
    for (const { path } of sharedRecordingFiles(formats).filter((file) => file.file.endsWith(".http.json"))) {
      exchanges.push(...(await readFileExchanges(path, formats)));
    }
    const eventName = (exchange: RecordedExchange, event: unknown) =>
      findRecordingFormat(formats, exchange.format).codec.sseEventName(event);
    const har = JSON.stringify(harFixture(exchanges, eventName), null, 1);
    // Fed in small chunks, as a file stream would.
    async function* chunks() {
      for (let offset = 0; offset < har.length; offset += 97) yield har.slice(offset, offset + 97);
    }
    const read: RecordedExchange[] = [];
    for await (const exchange of readHarExchanges(chunks(), { formats, name: "capture.har" }))
      read.push(exchange);
    expect(read).toHaveLength(exchanges.length);
    for (const [index, exchange] of read.entries()) {
      const source = exchanges[index] as RecordedExchange;
      expect(exchange.format).toBe(source.format);
      expect(exchange.request?.body).toEqual(source.request?.body);
      expect(exchange.response?.events ?? exchange.response?.body).toEqual(
        source.response?.events ?? source.response?.body,
      );
      expect(exchange.request?.headers.authorization).toBe("[redacted]");
      expect(exchange.request?.headers["x-api-key"]).toBe("[redacted]");
      expect(exchange.response?.headers["set-cookie"]).toBe("[redacted]");
      await checkAcrossFormats(exchange);
    }
  });
});

describe("convertExchange reports", () => {
  it("fails the exchange in strict mode on the first loss and names it", async () => {
    const [exchange] = await readFileExchanges(
      sharedRecordingFiles(formats).find((file) => file.file === "web-search-citations-delta.chunks.jsonl")
        ?.path ?? "",
      formats,
    );
    const lenient = await convertExchange(exchange as RecordedExchange, { to: "responses", formats });
    expect(lenient.losses.length).toBeGreaterThan(0);
    expect(lenient.losses.every((loss) => loss.side === "response")).toBe(true);
    const strict = await convertExchange(exchange as RecordedExchange, {
      to: "responses",
      formats,
      strict: true,
    });
    expect(strict.exchange).toBeUndefined();
    expect(strict.failure).toMatchObject({
      side: "response",
      message: expect.stringContaining("Strict conversion"),
    });
  });

  it("fails an exchange whose request is not valid in its format, naming the field", async () => {
    const result = await convertExchange(
      {
        format: "messages",
        method: "POST",
        path: "/v1/messages",
        request: { headers: {}, body: { model: "m", max_tokens: 10, messages: "nope" } },
      },
      { to: "responses", formats },
    );
    expect(result.exchange).toBeUndefined();
    expect(result.failure?.side).toBe("request");
    expect(result.failure?.param ?? result.failure?.message).toMatch(/messages/);
  });

  it("is deterministic: the same input converts to the same output", async () => {
    const [exchange] = await readFileExchanges(
      sharedRecordingFiles(formats).find((file) => file.file === "text.sse")?.path ?? "",
      formats,
    );
    const first = await convertExchange(exchange as RecordedExchange, { to: "messages", formats });
    const second = await convertExchange(exchange as RecordedExchange, { to: "messages", formats });
    expect(first).toEqual(second);
  });
});
