import { Agent, request as httpRequest } from "node:http";
import type { ServerProcess } from "./server-processes";
import type { CallerRequest } from "./wire-fixtures";

/** What `count` streams held open at once cost a server. */
export interface OpenStreamFigures {
  count: number;
  /** Heap plus off-heap memory retained per open stream, after a GC, bytes. */
  retainedPerStream: number;
}

/** Opens `count` streams through `server` at once and resolves, once each has delivered `firstDelta`, with how to close them all. */
async function openStreams(
  server: ServerProcess,
  request: CallerRequest,
  count: number,
  firstDelta: string,
): Promise<() => void> {
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const url = new URL(request.path, server.url);
  const opened: Promise<void>[] = [];
  const requests: ReturnType<typeof httpRequest>[] = [];
  const close = () => {
    for (const outgoing of requests) outgoing.destroy();
    agent.destroy();
  };
  for (let index = 0; index < count; index++)
    opened.push(
      new Promise<void>((resolve, reject) => {
        const outgoing = httpRequest(url, { method: "POST", headers: request.headers, agent }, (incoming) => {
          if (incoming.statusCode !== 200) reject(new Error(`open stream answered ${incoming.statusCode}`));
          let seen = "";
          incoming.on("data", (chunk: Buffer) => {
            seen += chunk;
            if (seen.includes(firstDelta)) resolve();
          });
          incoming.on("error", () => undefined);
        });
        outgoing.on("error", reject);
        outgoing.end(request.body);
        requests.push(outgoing);
      }),
    );
  try {
    await Promise.all(opened);
  } catch (thrown) {
    close();
    throw thrown;
  }
  return close;
}

/** Streams opened and closed before the measure, so that it does not count the code compiled on first use. */
const warmUpStreams = 100;

/**
 * Opens `count` streams through `server` at once (`request` names a model the fake upstream holds
 * open after the first delta), waits until each has delivered that delta, and measures the
 * server's memory against its state before, both after a GC. Then closes them all. A round of
 * {@link warmUpStreams} goes first: the code V8 compiles for the first streams is held once per
 * process, not per stream (with `--memory-only`, it was 4 KB of the figure over 1,000 streams).
 */
export async function measureOpenStreams(
  server: ServerProcess,
  request: CallerRequest,
  count: number,
  firstDelta: string,
): Promise<OpenStreamFigures> {
  (await openStreams(server, request, Math.min(count, warmUpStreams), firstDelta))();
  // The server sees the warm-up's connections close.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = await server.usage(true);
  const close = await openStreams(server, request, count, firstDelta);
  try {
    const during = await server.usage(true);
    return {
      count,
      retainedPerStream: (during.retained - before.retained) / count,
    };
  } finally {
    close();
  }
}
