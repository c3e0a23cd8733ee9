import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Starts an HTTP server on a free port of 127.0.0.1 and gives its base URL (`http://127.0.0.1:<port>`);
 * `cleanups` gets what closes it and every connection it holds, for the test's `afterEach`.
 */
export async function listenOnLoopback(server: Server, cleanups: (() => Promise<void>)[]): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  cleanups.push(
    () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
