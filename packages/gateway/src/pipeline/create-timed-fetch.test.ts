import { CanonicalError, readableFrom } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createTimedFetch } from "./create-timed-fetch";

const timeouts = { firstByteMs: 60, idleMs: 60 };
const encoder = new TextEncoder();
const never = new Promise<never>(() => undefined);

/** A fetch whose answer never comes, but that rejects with the abort reason like a real one. */
const silentFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) =>
    init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
  );

/** A body that sends `first` and then nothing, until cancelled. */
function stallingBody(first: string, cancelled: unknown[]): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    async pull(controller) {
      if (sent) return never;
      sent = true;
      controller.enqueue(encoder.encode(first));
    },
    cancel(reason) {
      cancelled.push(reason);
    },
  });
}

const isTimeout = (error: unknown) =>
  CanonicalError.isInstance(error) && error.kind === "timeout" && error.status === 504;

describe("createTimedFetch", () => {
  it("fails a call without response headers in time with a timeout, and aborts it", async () => {
    const started = Date.now();
    const thrown = await createTimedFetch(
      silentFetch,
      timeouts,
    )("http://upstream.test").catch((error: unknown) => error);
    expect(isTimeout(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(/sent no response within 0\.1 s/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("fails a body that goes silent with a timeout, cancelling the upstream body", async () => {
    const cancelled: unknown[] = [];
    const timed = createTimedFetch(
      async () => new Response(stallingBody("data: 1\n\n", cancelled)),
      timeouts,
    );
    const reader = (await timed("http://upstream.test")).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: 1\n\n");
    const thrown = await reader.read().catch((error: unknown) => error);
    expect(isTimeout(thrown)).toBe(true);
    expect(cancelled).toHaveLength(1);
  });

  it("does not count the time the consumer takes between reads", async () => {
    const chunks = ["a", "b", "c"].map((text) => encoder.encode(text));
    const timed = createTimedFetch(async () => new Response(readableFrom(chunks)), timeouts);
    const reader = (await timed("http://upstream.test")).body!.getReader();
    const read: string[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      read.push(new TextDecoder().decode(next.value));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(read).toEqual(["a", "b", "c"]);
  });

  it("passes the caller's abort on, as the caller's reason", async () => {
    const controller = new AbortController();
    const call = createTimedFetch(silentFetch, { firstByteMs: 10_000, idleMs: 10_000 })(
      "http://upstream.test",
      {
        signal: controller.signal,
      },
    );
    controller.abort(new Error("caller left"));
    await expect(call).rejects.toThrow("caller left");
  });

  it("reports the runtime's own connect timeout as a timeout, not as 'fetch failed'", async () => {
    const connectTimeout = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("Connect Timeout Error"), { code: "UND_ERR_CONNECT_TIMEOUT" }),
    });
    const thrown = await createTimedFetch(
      async () => Promise.reject(connectTimeout),
      timeouts,
    )("http://upstream.test").catch((error: unknown) => error);
    expect(isTimeout(thrown)).toBe(true);
  });

  describe("withoutResponse (a same-format pass-through's call)", () => {
    it("answers the upstream's status, headers and body chunk by chunk, its text as Response.text() reads it", async () => {
      const bytes = encoder.encode("\uFEFFdata: héllo wörld\n\n");
      const cuts = [[], [1], [2, 12, 13], [5, 6, 7, 8, 9]];
      for (const points of cuts) {
        const chunks = [...points, bytes.length].map((point, index, all) =>
          bytes.slice(index === 0 ? 0 : all[index - 1], point),
        );
        const upstream = async () =>
          new Response(readableFrom(chunks), { status: 201, headers: { "x-upstream": "yes" } });
        const { withoutResponse } = createTimedFetch(upstream, timeouts);
        const answer = await withoutResponse!("http://upstream.test", {});
        expect([answer.status, answer.ok, answer.headers.get("x-upstream")]).toEqual([201, true, "yes"]);
        const read: Uint8Array[] = [];
        for (let next = await answer.body!.read(); !next.done; next = await answer.body!.read())
          read.push(next.value);
        expect(read).toEqual(chunks.filter((chunk) => chunk.length > 0));
        const again = await createTimedFetch(upstream, timeouts).withoutResponse!("http://upstream.test", {});
        expect(await again.text()).toBe(await (await upstream()).text());
      }
    });

    it("fails a body that goes silent with a timeout, cancelling the upstream body", async () => {
      const cancelled: unknown[] = [];
      const { withoutResponse } = createTimedFetch(
        async () => new Response(stallingBody("data: 1\n\n", cancelled)),
        timeouts,
      );
      const body = (await withoutResponse!("http://upstream.test", {})).body!;
      expect(new TextDecoder().decode((await body.read()).value)).toBe("data: 1\n\n");
      const thrown = await body.read().catch((error: unknown) => error);
      expect(isTimeout(thrown)).toBe(true);
      expect(cancelled).toHaveLength(1);
    });

    it("fails a call without response headers in time with a timeout", async () => {
      const { withoutResponse } = createTimedFetch(silentFetch, timeouts);
      const thrown = await withoutResponse!("http://upstream.test", {}).catch((error: unknown) => error);
      expect(isTimeout(thrown)).toBe(true);
    });
  });
});
