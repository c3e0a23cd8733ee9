import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { type AnyCodec, CanonicalError, createConversionContext, toCanonicalError } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";

/** The three vendor counting endpoints a {@link CountingUpstream} can serve. */
export type CountingFormat = "messages" | "generate-content" | "responses";

/** One counting call the upstream accepted. */
export interface CountingCall {
  url: URL;
  headers: Headers;
  body: Record<string, unknown>;
  /** The count it answered. */
  count: number;
}

/** A canned answer that replaces the next counting answer (status, body text, content type). */
export interface CannedAnswer {
  status: number;
  body: string;
  contentType?: string;
}

/** A local upstream on 127.0.0.1 serving one vendor's counting endpoint as strictly as the vendor. */
export interface CountingUpstream {
  url: string;
  calls: CountingCall[];
  /** Answers the next call with this instead of counting. */
  answerNextWith(answer: CannedAnswer): void;
  close(): Promise<void>;
}

interface Endpoint {
  codec: AnyCodec;
  path: RegExp;
  /** The fields the endpoint accepts; any other is refused. */
  fields: readonly string[];
  readKey(headers: Headers): string | undefined;
  /** Checks the body the way the vendor does; throws an `invalid_request` CanonicalError. */
  check(body: Record<string, unknown>, headers: Headers, pathModel: string | undefined): void;
  answer(count: number): unknown;
}

const invalid = (message: string, param?: string) =>
  new CanonicalError("invalid_request", message, param === undefined ? {} : { param });

const endpoints: Record<CountingFormat, Endpoint> = {
  messages: {
    codec: messagesCodec,
    path: /^\/v1\/messages\/count_tokens$/,
    fields: [
      "model",
      "messages",
      "system",
      "tools",
      "tool_choice",
      "thinking",
      "output_config",
      "cache_control",
    ],
    readKey: (headers) => headers.get("x-api-key") ?? undefined,
    check(body, headers) {
      if (!headers.get("anthropic-version")) throw invalid("anthropic-version: header is required");
      messagesCodec.decodeRequest({ ...body, max_tokens: 1_000_000 }, createConversionContext());
    },
    answer: (count) => ({ input_tokens: count }),
  },
  "generate-content": {
    codec: generateContentCodec,
    path: /^\/v1beta\/models\/([^/:]+):countTokens$/,
    fields: ["contents", "generateContentRequest"],
    readKey: (headers) => headers.get("x-goog-api-key") ?? undefined,
    check(body, _headers, pathModel) {
      if (body.contents !== undefined && body.generateContentRequest !== undefined)
        throw invalid("contents and generate_content_request are mutually exclusive");
      const whole = body.generateContentRequest as Record<string, unknown> | undefined;
      if (whole && !/^models\/.+/.test(String(whole.model)))
        throw invalid("generate_content_request.model must be models/{model}", "model");
      const inner = whole ?? body;
      if (!Array.isArray(inner.contents) || inner.contents.length === 0)
        throw invalid("contents is not specified", "contents");
      generateContentCodec.decodeRequest(inner, createConversionContext(), { model: pathModel });
    },
    answer: (count) => ({
      totalTokens: count,
      promptTokensDetails: [{ modality: "TEXT", tokenCount: count }],
    }),
  },
  responses: {
    codec: responsesCodec,
    path: /^\/v1\/responses\/input_tokens$/,
    fields: [
      "model",
      "input",
      "previous_response_id",
      "tools",
      "text",
      "reasoning",
      "truncation",
      "instructions",
      "conversation",
      "tool_choice",
      "parallel_tool_calls",
    ],
    readKey(headers) {
      const match = /^Bearer (.+)$/.exec(headers.get("authorization") ?? "");
      return match?.[1];
    },
    check(body) {
      responsesCodec.decodeRequest({ ...body, input: body.input ?? [] }, createConversionContext());
    },
    answer: (count) => ({ object: "response.input_tokens", input_tokens: count }),
  },
};

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Starts an upstream serving `format`'s counting endpoint for `apiKey`: a wrong key is refused, a
 * field the endpoint does not accept is refused (as the vendors do: `max_tokens: Extra inputs are
 * not permitted`), and so is a body the format's codec refuses. It answers, in the vendor's shape,
 * a count that depends on the whole body (its JSON length), so a caller's number can be traced to
 * the call that made it.
 */
export async function createCountingUpstream(
  format: CountingFormat,
  apiKey: string,
): Promise<CountingUpstream> {
  const endpoint = endpoints[format];
  const calls: CountingCall[] = [];
  let canned: CannedAnswer | undefined;
  const server = createServer((incoming, outgoing) => {
    const send = (status: number, body: unknown) => {
      outgoing.writeHead(status, { "content-type": "application/json" });
      outgoing.end(JSON.stringify(body));
    };
    const refuse = (error: CanonicalError) => {
      const wire = endpoint.codec.errorToWire(error);
      send(wire.status, wire.body);
    };
    (async () => {
      const url = new URL(incoming.url ?? "/", "http://upstream.test");
      const match = endpoint.path.exec(url.pathname);
      if (incoming.method !== "POST" || !match)
        return refuse(new CanonicalError("not_found", "No such endpoint."));
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers))
        if (typeof value === "string") headers.set(name, value);
      if (endpoint.readKey(headers) !== apiKey)
        return refuse(new CanonicalError("authentication", "invalid api key"));
      const body = JSON.parse(await readBody(incoming)) as Record<string, unknown>;
      for (const field of Object.keys(body))
        if (!endpoint.fields.includes(field))
          return refuse(invalid(`${field}: Extra inputs are not permitted`, field));
      endpoint.check(body, headers, match[1] === undefined ? undefined : decodeURIComponent(match[1]));
      if (canned) {
        const answer = canned;
        canned = undefined;
        outgoing.writeHead(answer.status, { "content-type": answer.contentType ?? "application/json" });
        outgoing.end(answer.body);
        return;
      }
      const count = JSON.stringify(body).length;
      calls.push({ url, headers, body, count });
      send(200, endpoint.answer(count));
    })().catch((thrown: unknown) => refuse(toCanonicalError(thrown)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answerNextWith(answer) {
      canned = answer;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
