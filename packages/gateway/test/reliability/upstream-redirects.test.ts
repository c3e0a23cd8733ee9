import { createServer, type IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createGateway } from "../../src/index";
import { createNodeUpstreamFetch } from "../../src/node";
import { listenOnLoopback } from "../support/listen-on-loopback";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const upstreamKey = "sk-ant-upstream-secret-key";

/** A server that writes down the headers of every request it gets, and answers 200. */
async function recordingServer(): Promise<{ url: string; seen: IncomingMessage["headers"][] }> {
  const seen: IncomingMessage["headers"][] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    request.resume();
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  return { url: await listenOnLoopback(server, cleanups), seen };
}

/** An upstream that answers every request with a redirect to `location`. */
async function redirectingUpstream(status: number, location: string): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(status, { location }).end();
  });
  return listenOnLoopback(server, cleanups);
}

const upstreamClients = [
  { name: "global fetch", fetch: undefined },
  { name: "Node upstream client", fetch: createNodeUpstreamFetch() },
];

describe.each(upstreamClients)("an upstream's redirect, with the $name", ({ fetch }) => {
  it.each([301, 302, 307, 308])(
    "(%i) is not followed: the upstream key never reaches another origin, and the caller gets an error",
    async (status) => {
      const elsewhere = await recordingServer();
      const upstream = await redirectingUpstream(status, `${elsewhere.url}/v1/messages`);
      const gateway = createGateway({
        providers: { anthropic: { type: "messages", baseURL: upstream, apiKey: upstreamKey } },
        routes: [{ model: "*", provider: "anthropic" }],
        ...(fetch ? { fetch } : {}),
      });
      const answer = await gateway.fetch(
        new Request("http://gateway.test/v1/messages", {
          method: "POST",
          headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
          body: JSON.stringify({
            model: "claude-sonnet-4-5",
            max_tokens: 16,
            messages: [{ role: "user", content: "Hi" }],
          }),
        }),
      );
      const body = await answer.text();
      expect(elsewhere.seen).toEqual([]);
      expect(answer.status).toBe(502);
      expect(JSON.parse(body)).toMatchObject({ type: "error" });
      expect(body).not.toContain(upstreamKey);
    },
  );
});
