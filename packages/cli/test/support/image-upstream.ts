import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A 16×16 red PNG, as the local image model draws it. */
export const redSquarePng =
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4oaFBEmIY1aAxGkonhmvSAAB8MxgQHP/NsAAAAABJRU5ErkJggg==";

/** One image request the upstream received. */
export interface ImageCall {
  /** The caller's port (the gateway process's end of the connection). */
  remotePort: number;
  /** The number of `contents` turns the request carried. */
  turns: number;
}

/** A local generate-content upstream: text for chat, a PNG for image requests (which it can hold). */
export interface ImageUpstream {
  url: string;
  /** Chat requests: the number of turns each carried. */
  chatTurns: number[];
  /** Image requests, in order. */
  imageCalls: ImageCall[];
  /** Holds image requests until `release` (a worker can then be killed mid-task). */
  hold(): void;
  /** Answers the held image requests and stops holding. */
  release(): void;
  close(): Promise<void>;
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the upstream on 127.0.0.1; it refuses what is not a generate-content request. */
export async function startImageUpstream(): Promise<ImageUpstream> {
  const chatTurns: number[] = [];
  const imageCalls: ImageCall[] = [];
  let holding = false;
  let held: (() => void)[] = [];
  const server = createServer(async (incoming, outgoing) => {
    const body = JSON.parse(await readBody(incoming)) as {
      contents?: unknown[];
      generationConfig?: { responseModalities?: string[] };
    };
    if (!Array.isArray(body.contents) || !/:(stream)?[gG]enerateContent/.test(incoming.url ?? "")) {
      outgoing.writeHead(400, { "content-type": "application/json" });
      outgoing.end(
        JSON.stringify({
          error: { code: 400, message: "not a generateContent request", status: "INVALID_ARGUMENT" },
        }),
      );
      return;
    }
    const wantsImage = body.generationConfig?.responseModalities?.includes("IMAGE") ?? false;
    if (wantsImage) {
      imageCalls.push({ remotePort: incoming.socket.remotePort!, turns: body.contents.length });
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
    } else chatTurns.push(body.contents.length);
    const part = wantsImage
      ? { inlineData: { mimeType: "image/png", data: redSquarePng } }
      : { text: "Noted." };
    outgoing.writeHead(200, { "content-type": "application/json" });
    outgoing.end(
      JSON.stringify({
        candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 },
      }),
    );
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chatTurns,
    imageCalls,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const answer of held.splice(0)) answer();
      held = [];
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
