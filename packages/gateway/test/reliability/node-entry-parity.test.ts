import { request as httpRequest } from "node:http";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, type GatewayConfig } from "../../src/index";
import { createNodeUpstreamFetch, type NodeServer, serveNode } from "../../src/node";
import { createFaultUpstream, type FaultUpstream, faultModel, type UpstreamFault } from "./fault-upstream";

/**
 * `serveNode` given a gateway answers without a `Request` or `Response` per exchange (decision
 * 0020), and with the Node upstream client a same-format pass-through pipes undici's body through
 * its check to the socket without a Web stream; given only `gateway.fetch` it goes through the
 * portable entry, on the Node upstream client or on the runtime's `fetch` (every stage a Web stream).
 * All must answer every exchange alike: the same status, headers and body bytes, over real HTTP,
 * for whole and streamed answers, errors of the caller's, the gateway's and the upstream's, and
 * failures mid-stream.
 */

const callerKey = "parity-caller-key";
const backends = [messagesCodec, responsesCodec];
const upstreams = new Map<string, FaultUpstream>();
/** Per case: the server on the Node entry and the one on the portable entry. */
const entries = new Map<Entry, { main: NodeServer; limited: NodeServer }>();
/** The Node entry; `gateway.fetch` on the Node upstream client; `gateway.fetch` on the runtime's `fetch`. */
const entryNames = ["node", "portable", "portable on fetch"] as const;
type Entry = (typeof entryNames)[number];

function config(
  upstreamURL: (format: string) => string,
  limited: boolean,
  nodeClient: boolean,
): GatewayConfig {
  return {
    auth: { keys: [callerKey] },
    // A fixed secret: sealed state must be the same bytes whichever entry sealed it.
    secret: "parity-sealing-secret-0123456789abcdef",
    providers: Object.fromEntries(
      backends.map((codec) => [
        codec.id,
        { type: codec.id as never, baseURL: upstreamURL(codec.id), apiKey: `upstream-key-${codec.id}` },
      ]),
    ),
    routes: backends.flatMap((codec) =>
      [
        undefined,
        "500",
        "429",
        "401",
        "truncated JSON",
        "401 mid-stream",
        "no terminal event",
        "malformed SSE",
        "reset mid-body",
      ].map((fault) => ({
        model: `${codec.id}-${faultModel(fault as UpstreamFault | undefined)}`,
        provider: codec.id,
        upstreamModel: faultModel(fault as UpstreamFault | undefined),
      })),
    ),
    limits: limited ? { perKey: { requestsPerMinute: 1, burst: 1 } } : { maxBodyBytes: 4096 },
    ...(nodeClient ? { fetch: createNodeUpstreamFetch() } : {}),
  };
}

beforeAll(async () => {
  for (const codec of backends) upstreams.set(codec.id, await createFaultUpstream(codec));
  const url = (format: string) => upstreams.get(format)!.url;
  for (const entry of entryNames) {
    const serve = async (limited: boolean) => {
      const gateway = createGateway(config(url, limited, entry !== "portable on fetch"));
      return serveNode(entry === "node" ? gateway : { fetch: (request) => gateway.fetch(request) });
    };
    entries.set(entry, { main: await serve(false), limited: await serve(true) });
  }
});

afterAll(async () => {
  for (const { main, limited } of entries.values()) {
    await main.close();
    await limited.close();
  }
  for (const upstream of upstreams.values()) await upstream.close();
});

/** One request as the caller sends it. */
interface Exchange {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const messagesPath = "/v1/messages";
const messagesHeaders = {
  "x-api-key": callerKey,
  "anthropic-version": "2023-06-01",
  "content-type": "application/json",
};

function messagesCall(model: string, stream: boolean, extra: Partial<Exchange> = {}): Exchange {
  return {
    method: "POST",
    path: messagesPath,
    headers: messagesHeaders,
    body: JSON.stringify({ model, max_tokens: 64, stream, messages: [{ role: "user", content: "Say hi." }] }),
    ...extra,
  };
}

function responsesCall(model: string, stream: boolean): Exchange {
  return {
    method: "POST",
    path: "/v1/responses",
    headers: { authorization: `Bearer ${callerKey}`, "content-type": "application/json" },
    body: JSON.stringify({ model, stream, input: "Say hi." }),
  };
}

/** Headers that differ per exchange whatever the entry: the clock, and the exchange's own id. */
const perExchange = new Set(["date", "x-interlingua-exchange-id", "keep-alive"]);

/**
 * The body with the ids a front's conversation state draws for each answer (`resp_…`, `msg_…`, 32
 * random hex digits) numbered in order of appearance, so two answers compare by their shape.
 */
function numberDrawnIds(body: string): string {
  const seen = new Map<string, string>();
  return body.replace(/\b(resp|msg)_[0-9a-f]{32}\b/g, (id, kind: string) => {
    if (!seen.has(id)) seen.set(id, `${kind}_drawn${seen.size}`);
    return seen.get(id)!;
  });
}

/** What the caller gets: status, headers (but {@link perExchange}), and the body's bytes as text. */
async function outcome(server: NodeServer, exchange: Exchange) {
  const response = await fetch(server.url + exchange.path, {
    method: exchange.method ?? "GET",
    headers: exchange.headers,
    body: exchange.body,
  });
  const headers = [...response.headers].filter(([name]) => !perExchange.has(name));
  let body: string;
  try {
    body = await response.text();
  } catch (thrown) {
    body = `read failed: ${(thrown as Error).message}`;
  }
  return {
    status: response.status,
    headers,
    // The clock's second may turn between the entries' answers.
    body: numberDrawnIds(body).replace(/"created_at":\d+/g, '"created_at":0'),
    exchangeId: response.headers.has("x-interlingua-exchange-id"),
  };
}

/**
 * What the caller gets for a body sent in `chunks` without a length (chunked), ended or left open
 * (then the answer must come before the rest of the body, and the connection is closed after it).
 */
function outcomeOfUpload(server: NodeServer, chunks: Buffer[], end: boolean) {
  return new Promise<{ status: number; headers: [string, string][]; body: string }>((resolve, reject) => {
    const client = httpRequest(`${server.url}${messagesPath}`, {
      method: "POST",
      headers: { ...messagesHeaders, "transfer-encoding": "chunked" },
    });
    client.on("error", reject);
    client.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => {
        body += text;
      });
      response.on("end", () => {
        client.destroy();
        const headers = Object.entries(response.headers)
          .filter(([name]) => !perExchange.has(name))
          .map(([name, value]) => [name, String(value)] as [string, string])
          .sort(([left], [right]) => left.localeCompare(right));
        resolve({ status: response.statusCode ?? 0, headers, body: numberDrawnIds(body) });
      });
    });
    for (const chunk of chunks) client.write(chunk);
    if (end) client.end();
  });
}

/** A same-format messages body of exactly `size` bytes (JSON padded with spaces). */
function messagesBodyOfSize(size: number): string {
  const body = messagesCall(`messages-${faultModel(undefined)}`, false).body!;
  return body + " ".repeat(size - Buffer.byteLength(body));
}

const withinLimit = Buffer.from(messagesBodyOfSize(4096));
const uploads: [string, Buffer[], boolean, number][] = [
  ["body over the limit, chunked, left open", [Buffer.alloc(5000, 0x20)], false, 413],
  ["body over the limit, chunked, ended", [Buffer.alloc(3000, 0x20), Buffer.alloc(3000, 0x20)], true, 413],
  [
    "body at the limit, chunked in pieces",
    [withinLimit.subarray(0, 1000), withinLimit.subarray(1000, 3000), withinLimit.subarray(3000)],
    true,
    200,
  ],
  [
    "body not UTF-8, chunked",
    [Buffer.from('{"model":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')],
    true,
    400,
  ],
];

const cases: [string, Exchange][] = [
  ["same format, whole", messagesCall(`messages-${faultModel(undefined)}`, false)],
  ["same format, streamed", messagesCall(`messages-${faultModel(undefined)}`, true)],
  ["cross-format, whole", messagesCall(`responses-${faultModel(undefined)}`, false)],
  ["cross-format, streamed", messagesCall(`responses-${faultModel(undefined)}`, true)],
  ["other front, cross-format, streamed", responsesCall(`messages-${faultModel(undefined)}`, true)],
  [
    "caller's key refused",
    messagesCall(`messages-${faultModel(undefined)}`, false, {
      headers: { ...messagesHeaders, "x-api-key": "wrong" },
    }),
  ],
  [
    "no key",
    messagesCall(`messages-${faultModel(undefined)}`, false, {
      headers: { "content-type": "application/json" },
    }),
  ],
  ["body not JSON", messagesCall(`messages-${faultModel(undefined)}`, false, { body: "{not json" })],
  [
    "body over the limit",
    messagesCall(`messages-${faultModel(undefined)}`, false, {
      body: JSON.stringify({ model: "x", pad: "x".repeat(8192) }),
    }),
  ],
  ["body at the limit exactly", { ...messagesCall("", false), body: messagesBodyOfSize(4096) }],
  ["body one byte over the limit", { ...messagesCall("", false), body: messagesBodyOfSize(4097) }],
  ["model not served", messagesCall("no-such-model", false)],
  ["chat path with GET", { path: messagesPath, headers: messagesHeaders }],
  ["unknown path", { path: "/v1/nowhere", headers: messagesHeaders }],
  ["model listing", { path: "/v1/models", headers: messagesHeaders }],
  [
    "token count",
    {
      method: "POST",
      path: "/v1/messages/count_tokens",
      headers: messagesHeaders,
      body: JSON.stringify({ model: "messages-ok", messages: [{ role: "user", content: "hi" }] }),
    },
  ],
  ["upstream 500, same format", messagesCall(`messages-${faultModel("500")}`, false)],
  ["upstream 429, cross-format", messagesCall(`responses-${faultModel("429")}`, false)],
  ["upstream refuses the gateway's key", messagesCall(`messages-${faultModel("401")}`, true)],
  ["upstream answer cut off", messagesCall(`messages-${faultModel("truncated JSON")}`, false)],
  ["upstream 401 mid-stream, same format", messagesCall(`messages-${faultModel("401 mid-stream")}`, true)],
  [
    "upstream stream without its end, cross-format",
    messagesCall(`responses-${faultModel("no terminal event")}`, true),
  ],
  ["upstream malformed SSE, same format", messagesCall(`messages-${faultModel("malformed SSE")}`, true)],
  ["pass-through stream cut off", messagesCall(`messages-${faultModel("reset mid-body")}`, true)],
  [
    "pass-through stream with an upstream error event",
    responsesCall(`responses-${faultModel("401 mid-stream")}`, true),
  ],
  ["pass-through stream without its end", messagesCall(`messages-${faultModel("no terminal event")}`, true)],
  [
    "pass-through stream without its end, responses",
    responsesCall(`responses-${faultModel("no terminal event")}`, true),
  ],
  ["pass-through stream, upstream 429", messagesCall(`messages-${faultModel("429")}`, true)],
  ["pass-through stream, upstream 500", responsesCall(`responses-${faultModel("500")}`, true)],
  [
    "pass-through stream, upstream answer malformed mid-way",
    messagesCall(`messages-${faultModel("truncated JSON")}`, true),
  ],
  ["pass-through, same format, responses whole", responsesCall(`responses-${faultModel(undefined)}`, false)],
  [
    "pass-through, same format, responses streamed",
    responsesCall(`responses-${faultModel(undefined)}`, true),
  ],
];

describe("serveNode's Node entry and gateway.fetch answer alike", () => {
  it.each(cases)("%s", async (_name, exchange) => {
    const node = await outcome(entries.get("node")!.main, exchange);
    const portable = await outcome(entries.get("portable")!.main, exchange);
    const onFetch = await outcome(entries.get("portable on fetch")!.main, exchange);
    expect(node).toEqual(portable);
    expect(node).toEqual(onFetch);
  });

  it.each(uploads)("%s", async (_name, chunks, end, status) => {
    const node = await outcomeOfUpload(entries.get("node")!.main, chunks, end);
    expect(node.status).toBe(status);
    const portable = await outcomeOfUpload(entries.get("portable")!.main, chunks, end);
    const onFetch = await outcomeOfUpload(entries.get("portable on fetch")!.main, chunks, end);
    expect(node).toEqual(portable);
    expect(node).toEqual(onFetch);
  });

  it.each([
    ["cut off", messagesCall(`messages-${faultModel("reset mid-body")}`, true), 200],
    ["with an upstream error event", responsesCall(`responses-${faultModel("401 mid-stream")}`, true), 200],
    ["without its end", messagesCall(`messages-${faultModel("no terminal event")}`, true), 200],
    ["refused with a 429", messagesCall(`messages-${faultModel("429")}`, true), 429],
    ["refused with a 500", responsesCall(`responses-${faultModel("500")}`, true), 500],
  ] as const)(
    "a pass-through stream %s is never a complete answer on the Node entry",
    async (_name, exchange, status) => {
      const { status: got, body } = await outcome(entries.get("node")!.main, exchange);
      expect(got).toBe(status);
      // The last thing the caller reads is an error (an event, or the whole body), never the end.
      expect(body.trimEnd().split(/\n\n/).at(-1)).toMatch(/"error"/);
      expect(body).not.toMatch(/"type":"(message_stop|response\.completed)"/);
    },
  );

  it("a key over its rate limit, after one request let through", async () => {
    const exchange = messagesCall(`messages-${faultModel(undefined)}`, false);
    const node = [
      await outcome(entries.get("node")!.limited, exchange),
      await outcome(entries.get("node")!.limited, exchange),
    ];
    for (const entry of ["portable", "portable on fetch"] as const) {
      const portable = [
        await outcome(entries.get(entry)!.limited, exchange),
        await outcome(entries.get(entry)!.limited, exchange),
      ];
      expect(portable).toEqual(node);
    }
    expect(node.map((answer) => answer.status)).toEqual([200, 429]);
  });
});
