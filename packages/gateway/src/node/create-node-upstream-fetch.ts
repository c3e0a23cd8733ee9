import { Agent, fetch as undiciFetch } from "undici";

/** Options of {@link createNodeUpstreamFetch}. */
export interface NodeUpstreamFetchOptions {
  /** How long to wait for a connection (TCP and TLS) to an upstream, milliseconds. Default 10 s. */
  connectMs?: number;
}

/** The default connect timeout: 10 s, undici's own. */
export const defaultConnectMs = 10_000;

/**
 * A `fetch` for upstream calls on Node whose connect phase has its own timeout, which the Web
 * fetch API cannot express: give it to `createGateway` as `fetch` (the CLI does, from
 * `timeouts.connectMs`). A connection not made in time fails with undici's
 * `UND_ERR_CONNECT_TIMEOUT`, which the gateway answers as an upstream timeout. Built on undici, the
 * library behind Node's own fetch, with one connection pool for all upstreams.
 */
export function createNodeUpstreamFetch(options: NodeUpstreamFetchOptions = {}): typeof fetch {
  const dispatcher = new Agent({ connect: { timeout: options.connectMs ?? defaultConnectMs } });
  return ((input: RequestInfo | URL, init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;
}
