import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collect } from "./collect";
import { readableFrom } from "./readable-from";
import type { StreamTransformer } from "./stream-transformer";
import { transformReadable } from "./transform-readable";

/** Emits each number `n` times as `n:i`, and a trailer at the end. */
function repeater(): StreamTransformer<number, string> {
  return {
    transform(chunk, controller) {
      for (let i = 0; i < chunk; i++) controller.enqueue(`${chunk}:${i}`);
    },
    flush(controller) {
      controller.enqueue("end");
    },
  };
}

describe("transformReadable", () => {
  it("gives the same items as piping through a TransformStream of the same transformer", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: 3 }), { maxLength: 30 }), async (chunks) => {
        const piped = await collect(readableFrom(chunks).pipeThrough(new TransformStream(repeater())));
        expect(await collect(transformReadable(readableFrom(chunks), repeater()))).toEqual(piped);
      }),
    );
  });

  it("hands each item on as soon as its chunk is read, and reads only when asked", async () => {
    let reads = 0;
    const source = new ReadableStream<number>(
      {
        pull(controller) {
          reads++;
          controller.enqueue(1);
        },
      },
      { highWaterMark: 0 },
    );
    const reader = transformReadable(source, repeater()).getReader();
    expect(await reader.read()).toEqual({ done: false, value: "1:0" });
    expect(reads).toBe(1);
    expect(await reader.read()).toEqual({ done: false, value: "1:0" });
    expect(reads).toBe(2);
    await reader.cancel();
  });

  it("lets onSourceError end the output with a last item instead of an error", async () => {
    let pulls = 0;
    const source = new ReadableStream<number>(
      {
        pull(controller) {
          if (pulls++ === 0) controller.enqueue(2);
          else controller.error(new Error("connection reset"));
        },
      },
      { highWaterMark: 0 },
    );
    const items = await collect(
      transformReadable(source, repeater(), {
        onSourceError: (error, controller) => controller.enqueue(`failed: ${(error as Error).message}`),
      }),
    );
    expect(items).toEqual(["2:0", "2:1", "failed: connection reset"]);
  });

  it("errors the output when the source fails and nobody handles it", async () => {
    const source = new ReadableStream<number>({
      start(controller) {
        controller.error(new Error("connection reset"));
      },
    });
    await expect(collect(transformReadable(source, repeater()))).rejects.toThrow("connection reset");
  });

  it("errors the output and cancels the source when the transformer throws", async () => {
    let cancelled: unknown;
    const source = new ReadableStream<number>({
      pull(controller) {
        controller.enqueue(1);
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const failing: StreamTransformer<number, string> = {
      transform() {
        throw new Error("bad chunk");
      },
    };
    await expect(collect(transformReadable(source, failing))).rejects.toThrow("bad chunk");
    expect(cancelled).toBeInstanceOf(Error);
  });

  it("passes a cancel of the output on to the source", async () => {
    let cancelled: unknown;
    const source = new ReadableStream<number>({
      pull(controller) {
        controller.enqueue(1);
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const reader = transformReadable(source, repeater()).getReader();
    await reader.read();
    await reader.cancel("client went away");
    expect(cancelled).toBe("client went away");
  });

  it("tells onCancel of a cancel of the output before cancelling the source", async () => {
    const seen: string[] = [];
    const source = new ReadableStream<number>({
      pull(controller) {
        controller.enqueue(1);
      },
      cancel(reason) {
        seen.push(`source ${reason}`);
      },
    });
    const output = transformReadable(source, repeater(), {
      onCancel: (reason) => seen.push(`hook ${reason}`),
    });
    const reader = output.getReader();
    await reader.read();
    await reader.cancel("gone");
    expect(seen).toEqual(["hook gone", "source gone"]);
  });

  it("closes early when the transformer terminates", async () => {
    const firstOnly: StreamTransformer<number, number> = {
      transform(chunk, controller) {
        controller.enqueue(chunk);
        controller.terminate();
      },
    };
    expect(await collect(transformReadable(readableFrom([1, 2, 3]), firstOnly))).toEqual([1]);
  });
});
