import autocannon from "autocannon";
import type { ServerProcess } from "./server-processes";
import type { CallerRequest } from "./wire-fixtures";

/** Throughput at a fixed number of connections, and what it cost the server. */
export interface ThroughputFigures {
  requestsPerSecond: number;
  /** The server's CPU time per answered request, milliseconds. */
  cpuMsPerRequest: number;
}

/** The connections the load generator keeps busy (issue 16). */
export const connections = 64;

/**
 * Loads `server` with `request` from {@link connections} connections for `seconds` (autocannon,
 * decision 0020), counting the requests answered and the server's CPU time meanwhile. Any answer
 * but a 200, or any error, throws.
 */
export async function measureThroughput(
  server: ServerProcess,
  request: CallerRequest,
  seconds: number,
): Promise<ThroughputFigures> {
  const before = await server.usage();
  const result = await autocannon({
    url: server.url + request.path,
    method: "POST",
    headers: request.headers,
    body: request.body,
    connections,
    duration: seconds,
  });
  const after = await server.usage();
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${server.role}${request.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  const answered = result.requests.total;
  return {
    requestsPerSecond: answered / (result.duration || seconds),
    cpuMsPerRequest: (after.cpuMicros - before.cpuMicros) / 1000 / answered,
  };
}
