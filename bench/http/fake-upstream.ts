import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import {
  type BenchFormat,
  benchFormats,
  type UpstreamAnswerBytes,
  upstreamAnswerBytes,
} from "./wire-fixtures";

/** The word in a model name that makes the fake upstream hold its stream open after the first delta. */
export const holdOpenMarker = "hold-open";

/** The format whose chat endpoint `path` is (each format's path differs, so one server answers all four). */
function formatOf(path: string): BenchFormat | undefined {
  if (path.startsWith("/v1/messages")) return "messages";
  if (path.startsWith("/v1/responses")) return "responses";
  if (path.startsWith("/v1/chat/completions")) return "chat-completions";
  if (path.startsWith("/v1beta/models/")) return "generate-content";
  return undefined;
}

/** Whether the call asks for a stream: generate-content says so in its path, the others in the body. */
function wantsStream(format: BenchFormat, path: string, body: string): boolean {
  return format === "generate-content"
    ? path.includes(":streamGenerateContent")
    : body.includes('"stream":true');
}

async function answer(
  answers: Map<BenchFormat, UpstreamAnswerBytes>,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<void> {
  let body = "";
  for await (const chunk of incoming) body += chunk;
  const path = incoming.url ?? "/";
  const format = formatOf(path);
  const bytes = format && answers.get(format);
  if (!format || !bytes || incoming.method !== "POST") {
    outgoing.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
    return;
  }
  if (!wantsStream(format, path, body)) {
    outgoing.writeHead(200, { "content-type": "application/json", "content-length": bytes.whole.length });
    outgoing.end(bytes.whole);
    return;
  }
  outgoing.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const hold = path.includes(holdOpenMarker) || body.includes(holdOpenMarker);
  const events = hold ? bytes.events.slice(0, bytes.openingEvents) : bytes.events;
  // One write per event, as an upstream generating tokens sends them.
  for (const event of events) outgoing.write(event);
  if (!hold) outgoing.end();
}

/**
 * A fake upstream for the HTTP benchmark: one `node:http` server answering the chat endpoint of
 * each of the four formats (told apart by path) with the answer of `wire-fixtures`, whole or as a
 * stream of SSE events written one by one. A model name holding {@link holdOpenMarker} gets the
 * stream's opening up to its first delta and then nothing more, for as long as the caller waits.
 */
export async function startFakeUpstream(port = 0): Promise<Server> {
  const answers = new Map<BenchFormat, UpstreamAnswerBytes>();
  for (const format of benchFormats) answers.set(format, await upstreamAnswerBytes(format));
  const server = createServer((incoming, outgoing) => {
    answer(answers, incoming, outgoing).catch(() => outgoing.destroy());
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return server;
}
