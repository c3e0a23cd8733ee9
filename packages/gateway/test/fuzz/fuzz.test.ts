import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { type FuzzTarget, fuzzFronts } from "./fuzz-fronts";
import { createFuzzGateway, fuzzMaxBodyBytes } from "./fuzz-gateway";
import { type FuzzBody, fuzzBodyArbitrary } from "./mutate-body";

/**
 * Reliability fuzzing of every front: requests near the valid ones (from the vendor specs and from
 * canonical requests each codec encodes), mutated structurally and at the byte level, some past the
 * body limit. Whatever comes in, no answer is a 5xx and every error is in the caller's own format.
 * `pnpm test` runs a short round (FUZZ_RUNS unset: 150 requests a front); `pnpm fuzz` runs 100,000
 * a front (or FUZZ_RUNS) and prints the figures.
 */
const long = process.env.FUZZ_RUNS !== undefined;
const runs = long ? Number(process.env.FUZZ_RUNS) : 150;
const { gateway, upstreams, idle } = createFuzzGateway();
const figures: Record<string, { requests: number; byStatus: Record<number, number>; seconds: number }> = {};

async function exchange(target: FuzzTarget, body: FuzzBody): Promise<{ status: number; text: string }> {
  const response = await gateway.fetch(
    new Request(`http://gateway.test${target.path}`, {
      method: target.method,
      headers: target.headers,
      body: target.method === "GET" ? undefined : (body.bytes as Uint8Array<ArrayBuffer>),
    }),
  );
  return { status: response.status, text: await response.text() };
}

describe("fuzzing: no 5xx, every error in the caller's format", () => {
  afterAll(async () => {
    await idle();
    if (!long) return;
    console.log(JSON.stringify({ runsPerFront: runs, fronts: figures, upstreams }, null, 2));
  });

  for (const front of fuzzFronts) {
    it(
      front.name,
      async () => {
        const started = performance.now();
        const tally = { requests: 0, byStatus: {} as Record<number, number>, seconds: 0 };
        figures[front.name] = tally;
        const cases = front.targets.chain((target) =>
          fuzzBodyArbitrary(target.base, fuzzMaxBodyBytes).map((body) => ({
            target,
            body,
            [fc.toStringMethod]: () => `${target.method} ${target.path} with ${fc.stringify(body)}`,
          })),
        );
        await fc.assert(
          fc.asyncProperty(cases, async ({ target, body }) => {
            const { status, text } = await exchange(target, body);
            tally.requests++;
            tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
            const where = `${target.method} ${target.path} (${body.kind}) → ${status}: ${text.slice(0, 300)}`;
            expect(status, where).toBeLessThan(500);
            if (status >= 400) {
              let parsed: unknown;
              expect(() => {
                parsed = JSON.parse(text);
              }, where).not.toThrow();
              expect(front.errorProblems(status, parsed), where).toEqual([]);
            }
          }),
          { numRuns: runs, endOnFailure: !long },
        );
        tally.seconds = Math.round((performance.now() - started) / 100) / 10;
      },
      runs * 100 + 30_000,
    );
  }
});
