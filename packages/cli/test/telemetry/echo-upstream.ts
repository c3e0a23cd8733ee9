import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type ChatResponse,
  collect,
  createConversionContext,
  createJsonSseEncoderStream,
  replay,
} from "@interlingua/core";
import { responsesCodec } from "@interlingua/responses";

/** A local responses-format upstream on 127.0.0.1 that echoes what it was sent, keys included. */
export interface EchoUpstream {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts an upstream that answers every `POST /v1/responses` with a text repeating the
 * `authorization` header it got and the caller's whole body, usage 11 in and 4 out, whole or as a
 * stream: whatever secret reaches it comes back, for tests that look for secrets in telemetry.
 */
export async function startEchoUpstream(): Promise<EchoUpstream> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const stream = (JSON.parse(body) as { stream?: boolean }).stream === true;
      const response: ChatResponse = {
        id: "resp_echo_1",
        model: "echo-model",
        parts: [{ type: "text", text: `auth=${incoming.headers.authorization} body=${body}` }],
        finishReason: { reason: "stop" },
        usage: { inputTokens: 11, outputTokens: 4 },
        status: "completed",
      };
      if (!stream) {
        outgoing.writeHead(200, { "content-type": "application/json" });
        outgoing.end(JSON.stringify(responsesCodec.encodeResponse(response, createConversionContext())));
        return;
      }
      outgoing.writeHead(200, { "content-type": "text/event-stream" });
      const bytes = await collect(
        replay(response)
          .pipeThrough(responsesCodec.createStreamEncoder(createConversionContext()))
          .pipeThrough(createJsonSseEncoderStream((event) => responsesCodec.sseEventName(event))),
      );
      for (const chunk of bytes) outgoing.write(chunk);
      outgoing.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
