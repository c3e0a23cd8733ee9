import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A notify hook on 127.0.0.1 that keeps every record POSTed to it. */
export interface NotifyReceiver {
  url: string;
  /** Records received, in order. */
  records: { id: string; status: string; progress: string }[];
  close(): Promise<void>;
}

/** Starts a {@link NotifyReceiver}. */
export async function startNotifyReceiver(): Promise<NotifyReceiver> {
  const records: NotifyReceiver["records"] = [];
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    records.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    outgoing.writeHead(204).end();
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    records,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
