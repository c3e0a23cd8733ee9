import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CanonicalError } from "../errors/canonical-error";
import { checkJsonDepth } from "./check-json-depth";
import { readLimitedText } from "./read-limited-text";

function streamOf(chunks: Uint8Array[], pulled: { count: number }): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      pulled.count++;
      if (index < chunks.length) controller.enqueue(chunks[index++]!);
      else controller.close();
    },
  });
}

function requestWith(body: ReadableStream<Uint8Array>, headers?: Record<string, string>): Request {
  return new Request("http://h/", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

async function failure(promise: Promise<unknown>): Promise<CanonicalError> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!CanonicalError.isInstance(thrown)) throw new Error(`expected a CanonicalError, got ${String(thrown)}`);
  return thrown;
}

describe("readLimitedText", () => {
  it("stops reading a chunked body at the first chunk past the limit", async () => {
    const pulled = { count: 0 };
    const chunks = Array.from({ length: 100 }, () => new Uint8Array(1000).fill(0x61));
    const error = await failure(readLimitedText(requestWith(streamOf(chunks, pulled)), 2500));
    expect(error.kind).toBe("request_too_large");
    expect(error.status).toBe(413);
    expect(error.message).toContain("2500 bytes");
    expect(pulled.count).toBeLessThan(6);
  });

  it("refuses at once a declared length over the limit, without reading", async () => {
    const pulled = { count: 0 };
    const request = requestWith(streamOf([new Uint8Array(10)], pulled), { "content-length": "5000" });
    expect((await failure(readLimitedText(request, 100))).kind).toBe("request_too_large");
    expect(pulled.count).toBeLessThanOrEqual(1);
  });

  it("returns the text of a body within the limit, split anywhere inside a character", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 50 }), fc.nat(200), async (text, cut) => {
        const bytes = new TextEncoder().encode(text);
        const at = cut % (bytes.length + 1);
        const request = requestWith(streamOf([bytes.slice(0, at), bytes.slice(at)], { count: 0 }));
        expect(await readLimitedText(request, bytes.length)).toBe(text);
      }),
    );
  });

  it("refuses bytes that are not UTF-8", async () => {
    const request = requestWith(streamOf([new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])], { count: 0 }));
    const error = await failure(readLimitedText(request, 100));
    expect([error.kind, error.status, error.code]).toEqual(["invalid_request", 400, "invalid_utf8"]);
  });
});

describe("checkJsonDepth", () => {
  const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("lets JSON up to the limit through and refuses one level more, naming the limit", () => {
    expect(() => checkJsonDepth(nested(10), 10)).not.toThrow();
    expect(() => checkJsonDepth(nested(11), 10)).toThrow(/limit of 10 levels/);
    expect(() => checkJsonDepth(`{"a":${nested(11)}}`, 11)).toThrow(/limit of 11 levels/);
  });

  it("refuses 100,000 levels quickly and without overflowing the stack", () => {
    const started = performance.now();
    expect(() => checkJsonDepth(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`)).toThrow(CanonicalError);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(() => checkJsonDepth(`["${"[{".repeat(50)}\\"${"[".repeat(50)}"]`, 2)).not.toThrow();
  });

  it("agrees with the depth of any JSON value", () => {
    const depthOf = (value: unknown): number =>
      typeof value === "object" && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.nat(9), (value, limit) => {
        const text = JSON.stringify(value);
        if (depthOf(value) > limit) expect(() => checkJsonDepth(text, limit)).toThrow(CanonicalError);
        else expect(() => checkJsonDepth(text, limit)).not.toThrow();
      }),
    );
  });
});
