import { once } from "node:events";
import { createServer as createHttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { serveFetch } from "@interlingua/core/test";
import { afterEach, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../../test/support/listen-on-loopback";
import { createGateway } from "../gateway/create-gateway";
import { createTimedFetch } from "../pipeline/create-timed-fetch";
import { createNodeUpstreamFetch } from "./create-node-upstream-fetch";

/** A TCP server that accepts connections and never answers: a TLS handshake with it never ends. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("createNodeUpstreamFetch", () => {
  it("calls an upstream like fetch, streamed body included", async () => {
    const upstream = await serveFetch(async (request) => new Response(`echo ${await request.text()}`));
    cleanups.push(() => upstream.close());
    const answer = await createNodeUpstreamFetch()(`${upstream.url}/x`, { method: "POST", body: "hi" });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("echo hi");
  });

  it("sends method, headers and body, and gives status, repeated headers and body back", async () => {
    const server = createHttpServer(async (incoming, outgoing) => {
      let body = "";
      for await (const chunk of incoming) body += chunk;
      outgoing.writeHead(201, [
        ["set-cookie", "a=1"],
        ["set-cookie", "b=2"],
        ["x-b", "two"],
      ]);
      outgoing.end(`${incoming.method} ${incoming.headers["x-a"]} ${body}`);
    });
    const url = `${await listenOnLoopback(server, cleanups)}/x`;
    const call = createNodeUpstreamFetch();
    const headerSpellings: HeadersInit[] = [
      { "x-a": "one" },
      new Headers({ "x-a": "one" }),
      [["x-a", "one"]],
    ];
    for (const headers of headerSpellings) {
      const answer = await call(url, { method: "PUT", headers, body: new TextEncoder().encode("hi") });
      expect(answer.status).toBe(201);
      expect(answer.headers.get("x-b")).toBe("two");
      expect(answer.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
      expect(await answer.text()).toBe("PUT one hi");
    }
  });

  it("takes what only fetch takes (a Request, a stream body) by undici's fetch", async () => {
    const upstream = await serveFetch(async (request) => new Response(`echo ${await request.text()}`));
    cleanups.push(() => upstream.close());
    const call = createNodeUpstreamFetch();
    const fromRequest = await call(new Request(`${upstream.url}/x`, { method: "POST", body: "req" }));
    expect(await fromRequest.text()).toBe("echo req");
    const streamed = await call(`${upstream.url}/x`, {
      method: "POST",
      body: new Blob(["blob"]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(await streamed.text()).toBe("echo blob");
  });

  it("rejects an unreachable upstream as fetch does: a TypeError with undici's error as its cause", async () => {
    const silent = await silentServer();
    await silent.close();
    const failure = await createNodeUpstreamFetch()(`http://127.0.0.1:${silent.port}/`).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
  });

  it("sends every call to its own path and query, however many URLs it called before, and refuses a URL that is not HTTP as undici does", async () => {
    const server = createHttpServer((incoming, outgoing) => outgoing.end(incoming.url));
    const base = await listenOnLoopback(server, cleanups);
    const call = createNodeUpstreamFetch();
    const timed = call.withTimeouts!({ firstByteMs: 10_000, idleMs: 10_000 });
    // More URLs than the client keeps parsed, each called twice, spelled with a query, a hash or neither.
    for (let round = 0; round < 2; round++)
      for (let index = 0; index < 300; index++) {
        const path = index % 3 === 0 ? `/m/${index}?alt=sse&n=${index}` : `/m/${index}:stream`;
        const answer = await timed.withoutResponse!(`${base}${path}${index % 2 === 0 ? "#h" : ""}`, {
          method: "POST",
          body: "{}",
        });
        expect(await answer.text()).toBe(path);
      }
    for (const url of ["ftp://127.0.0.1/x", "not a url"]) {
      const failure = await call(url, { method: "POST", body: "{}" }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TypeError);
      expect((failure as Error).message).toBe("fetch failed");
    }
  });

  it("streams the body as it comes; an abort rejects with the signal's reason and ends the upstream call", async () => {
    let answering: ServerResponse | undefined;
    const upstreamClosed = new Promise<void>((resolve) => {
      const server = createHttpServer((_incoming, outgoing) => {
        answering = outgoing;
        outgoing.writeHead(200, { "content-type": "text/event-stream" });
        outgoing.write("first");
        outgoing.on("close", () => resolve());
      });
      server.listen(0, "127.0.0.1");
      cleanups.push(
        () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      );
      once(server, "listening").then(() => {
        const port = (server.address() as AddressInfo).port;
        void run(`http://127.0.0.1:${port}/`);
      });
    });
    const reason = new Error("caller left");
    let outcome: unknown;
    async function run(url: string) {
      const controller = new AbortController();
      const answer = await createNodeUpstreamFetch()(url, { signal: controller.signal });
      const reader = answer.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toBe("first");
      controller.abort(reason);
      outcome = await reader.read().catch((error: unknown) => error);
    }
    await upstreamClosed;
    expect(answering?.writableFinished).toBe(false);
    await expect.poll(() => outcome).toBe(reason);
    const beforeHeaders = new AbortController();
    beforeHeaders.abort(reason);
    await expect(
      createNodeUpstreamFetch()("http://127.0.0.1:1/", { signal: beforeHeaders.signal }),
    ).rejects.toBe(reason);
  });

  it("gives every chunk in order, read fast or slow, then the end; a body cut off fails as fetch's: TypeError terminated", async () => {
    const pieces = Array.from({ length: 40 }, (_, index) => `piece ${index};`);
    const server = createHttpServer(async (incoming, outgoing) => {
      const cut = incoming.url === "/cut";
      outgoing.writeHead(200, cut ? { "content-length": "100000" } : {});
      for (const [index, piece] of pieces.entries()) {
        outgoing.write(piece);
        if (index % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      // Cut once what was written has gone out, so every piece reaches the reader before the failure.
      if (cut) setTimeout(() => outgoing.socket?.destroy(), 20);
      else outgoing.end();
    });
    const base = await listenOnLoopback(server, cleanups);
    const upstreamFetch = createNodeUpstreamFetch();
    for (const pause of [0, 5]) {
      const reader = (await upstreamFetch(`${base}/whole`)).body!.getReader();
      let text = "";
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        text += new TextDecoder().decode(next.value);
        if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      }
      expect(text).toBe(pieces.join(""));
    }
    const reader = (await upstreamFetch(`${base}/cut`)).body!.getReader();
    let text = "";
    let failure: unknown;
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read())
        text += new TextDecoder().decode(next.value);
    } catch (thrown) {
      failure = thrown;
    }
    expect(text).toBe(pieces.join(""));
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe("terminated");
    expect((failure as TypeError).cause).toBeInstanceOf(Error);
  });

  it("applies the gateway's timeouts itself, with the timed fetch's errors, when handed them", async () => {
    let mode: "late headers" | "silent body" = "late headers";
    const server = createHttpServer((_incoming, outgoing) => {
      if (mode === "late headers") return;
      outgoing.writeHead(200, { "content-type": "text/event-stream" });
      outgoing.write("first");
    });
    const url = `${await listenOnLoopback(server, cleanups)}/`;
    const timed = createTimedFetch(createNodeUpstreamFetch(), { firstByteMs: 200, idleMs: 200 });
    await expect(timed(url, { method: "POST", body: "{}" })).rejects.toMatchObject({
      kind: "timeout",
      message: "The upstream sent no response within 0.2 s.",
    });
    mode = "silent body";
    const answer = await timed(url, { method: "POST", body: "{}" });
    const reader = answer.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first");
    await expect(reader.read()).rejects.toMatchObject({
      kind: "timeout",
      message: "The upstream sent nothing more within 0.2 s.",
    });
    const caller = new AbortController();
    const cancelled = await timed(url, { method: "POST", body: "{}", signal: caller.signal });
    const cancelledReader = cancelled.body!.getReader();
    await cancelledReader.read();
    const reason = new Error("caller left");
    caller.abort(reason);
    await expect(cancelledReader.read()).rejects.toBe(reason);
  });

  it("ends a timed call's upstream request when its first byte is late or its caller goes away before the headers", async () => {
    const closed: string[] = [];
    const server = createHttpServer((incoming) => {
      // Never answers: the call ends only by the gateway's abort, which closes this request.
      incoming.socket.once("close", () => closed.push(String(incoming.headers["x-case"])));
    });
    const url = `${await listenOnLoopback(server, cleanups)}/`;
    const timed = createTimedFetch(createNodeUpstreamFetch(), { firstByteMs: 200, idleMs: 200 });
    await expect(
      timed.withoutResponse!(url, { method: "POST", body: "{}", headers: { "x-case": "late" } }),
    ).rejects.toMatchObject({ kind: "timeout", message: "The upstream sent no response within 0.2 s." });
    await expect.poll(() => closed).toContain("late");
    const caller = new AbortController();
    const reason = new Error("caller left");
    const call = timed.withoutResponse!(url, {
      method: "POST",
      body: "{}",
      headers: { "x-case": "caller left" },
      signal: caller.signal,
    });
    setTimeout(() => caller.abort(reason), 50);
    await expect(call).rejects.toBe(reason);
    await expect.poll(() => closed).toContain("caller left");
  });

  it("gives up connecting after connectMs, and the gateway answers that as an upstream timeout", async () => {
    const silent = await silentServer();
    cleanups.push(silent.close);
    const started = Date.now();
    const failure = await createNodeUpstreamFetch({ connectMs: 300 })(
      `https://127.0.0.1:${silent.port}/`,
    ).catch((error: unknown) => error);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe("UND_ERR_CONNECT_TIMEOUT");
    expect(Date.now() - started).toBeLessThan(5_000);

    const gateway = createGateway({
      providers: {
        anthropic: { type: "messages", baseURL: `https://127.0.0.1:${silent.port}`, apiKey: "upstream-key" },
      },
      routes: [{ model: "*", provider: "anthropic" }],
      fetch: createNodeUpstreamFetch({ connectMs: 300 }),
    });
    const answer = await gateway.fetch(
      new Request("http://gateway.test/v1/messages", {
        method: "POST",
        headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
        body: JSON.stringify({
          model: "claude-x",
          max_tokens: 8,
          messages: [{ role: "user", content: "hi" }],
        }),
      }),
    );
    expect(answer.status).toBe(504);
    expect(await answer.json()).toMatchObject({ type: "error", error: { type: expect.any(String) } });
  });
});
