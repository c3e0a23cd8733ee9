import { createServer, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listenOnLoopback } from "../../test/support/listen-on-loopback";
import { createTimedFetch } from "../pipeline/create-timed-fetch";
import { createNodeUpstreamFetch } from "./create-node-upstream-fetch";

/**
 * undici's default header and body timeouts (300 s), scaled down so that a test can outlive them
 * (undici's timers tick every half second, so a limit under a second still takes up to 1.5 s).
 */
const undiciDefaultMs = 500;

vi.mock("undici", async (importOriginal) => {
  const undici = await importOriginal<typeof import("undici")>();
  /** undici's Agent with its defaults scaled down: what a call gets unless it turns them off. */
  class ScaledDefaultsAgent extends undici.Agent {
    constructor(options: ConstructorParameters<typeof undici.Agent>[0] = {}) {
      super({ headersTimeout: undiciDefaultMs, bodyTimeout: undiciDefaultMs, ...options });
    }
  }
  return { ...undici, Agent: ScaledDefaultsAgent };
});

/** How long the slow upstream keeps the client waiting, twice: well past undici's (scaled) timers. */
const slowMs = 2_000;

/** An upstream that answers its headers after `slowMs`, a first chunk at once, the last after `slowMs` more. */
async function slowUpstream(): Promise<string> {
  const server = createServer((_incoming, outgoing: ServerResponse) => {
    setTimeout(() => {
      outgoing.writeHead(200, { "content-type": "text/event-stream" });
      outgoing.write("first ");
      setTimeout(() => outgoing.end("last"), slowMs);
    }, slowMs);
  });
  return `${await listenOnLoopback(server, cleanups)}/`;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("the Node upstream client under the gateway's timeouts", () => {
  const generous = { firstByteMs: 10 * slowMs, idleMs: 10 * slowMs };

  it("waits as long as the gateway's limits allow, past undici's own header and body timeouts", async () => {
    const url = await slowUpstream();
    const timed = createTimedFetch(createNodeUpstreamFetch(), generous);
    // The fast path (undici.request) and the fetch path (a Request) alike.
    const texts = [timed(url, { method: "POST", body: "{}" }), timed(new Request(url))].map(async (answer) =>
      (await answer).text(),
    );
    expect(await Promise.all(texts)).toEqual(["first last", "first last"]);
  });

  it("ends a call with the gateway's own timeout, not undici's, at a limit longer than undici's", async () => {
    const url = await slowUpstream();
    const timed = createTimedFetch(createNodeUpstreamFetch(), { firstByteMs: 1_200, idleMs: 1_200 });
    const failure = await timed(url, { method: "POST", body: "{}" }).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      kind: "timeout",
      message: "The upstream sent no response within 1.2 s.",
    });
  });

  it("keeps undici's own timeouts on a call the gateway does not time", async () => {
    const url = await slowUpstream();
    const failure = await createNodeUpstreamFetch()(url, { method: "POST", body: "{}" }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe("UND_ERR_HEADERS_TIMEOUT");
  });
});
