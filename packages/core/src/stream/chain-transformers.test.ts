import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chainTransformers } from "./chain-transformers";
import { collect } from "./collect";
import { readableFrom } from "./readable-from";
import type { StreamTransformer } from "./stream-transformer";

/** Splits each string into its characters, and says how many it saw at the end. */
function characters(): StreamTransformer<string, string> {
  let count = 0;
  return {
    transform(chunk, controller) {
      for (const character of chunk) {
        count++;
        controller.enqueue(character);
      }
    },
    flush(controller) {
      controller.enqueue(`#${count}`);
    },
  };
}

/** Upper-cases letters and drops digits, and ends with a marker. */
function upperLetters(): StreamTransformer<string, string> {
  return {
    transform(chunk, controller) {
      if (!/\d/.test(chunk)) controller.enqueue(chunk.toUpperCase());
    },
    flush(controller) {
      controller.enqueue("done");
    },
  };
}

describe("chainTransformers", () => {
  it("gives what the two transformers give piped one after the other, flushes in order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 4 }), { maxLength: 10 }), async (chunks) => {
        const piped = await collect(
          readableFrom(chunks)
            .pipeThrough(new TransformStream(characters()))
            .pipeThrough(new TransformStream(upperLetters())),
        );
        const chained = await collect(
          readableFrom(chunks).pipeThrough(
            new TransformStream(chainTransformers(characters(), upperLetters())),
          ),
        );
        expect(chained).toEqual(piped);
      }),
    );
  });

  it("flushes the second transformer when the first ends early, as piped streams do", async () => {
    /** Passes chunks on until it sees "stop", then ends its output. */
    const untilStop = (): StreamTransformer<string, string> => ({
      transform(chunk, controller) {
        if (chunk === "stop") controller.terminate();
        else controller.enqueue(chunk);
      },
    });
    const chunks = ["a", "b", "stop", "c"];
    const piped = await collect(
      readableFrom(chunks)
        .pipeThrough(new TransformStream(untilStop()))
        .pipeThrough(new TransformStream(upperLetters())),
    ).catch(() => "errored");
    const chained = await collect(
      readableFrom(chunks).pipeThrough(new TransformStream(chainTransformers(untilStop(), upperLetters()))),
    ).catch(() => "errored");
    expect(chained).toEqual(["A", "B", "done"]);
    expect(piped).toEqual(chained);
  });

  it("refuses a transformer that works asynchronously", async () => {
    const slow: StreamTransformer<string, string> = { transform: async () => {} };
    const chained = new TransformStream(chainTransformers(characters(), slow));
    await expect(collect(readableFrom(["a"]).pipeThrough(chained))).rejects.toThrow(/synchronous/);
  });
});
