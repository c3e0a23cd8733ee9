import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CodecFixtures } from "@interlingua/core/test";
import { specPath } from "@interlingua/core/test";

/** The parsed `data:` payloads of a raw SSE body, in order. */
export function sseEvents(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)));
}

/** Every messages recording in specs/recordings, as testCodec fixtures. */
export function messagesRecordings(): Required<CodecFixtures> {
  const directory = specPath("recordings", "messages");
  const fixtures: Required<CodecFixtures> = { requests: [], responses: [], streams: [], errors: [] };
  for (const file of readdirSync(directory).sort()) {
    const text = readFileSync(join(directory, file), "utf8");
    if (file.endsWith(".sse")) fixtures.streams.push({ name: file, events: sseEvents(text) });
    else if (file.endsWith(".chunks.jsonl")) {
      const events = text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line));
      fixtures.streams.push({ name: file, events });
    } else if (file.endsWith(".response.json"))
      fixtures.responses.push({ name: file, wire: JSON.parse(text) });
    else if (file.endsWith(".nock.json")) {
      for (const [index, exchange] of (JSON.parse(text) as NockExchange[]).entries()) {
        fixtures.requests.push({ name: `${file} #${index}`, wire: exchange.body });
        fixtures.responses.push({ name: `${file} #${index}`, wire: exchange.response });
      }
    } else if (file.endsWith(".http.json")) {
      for (const [index, exchange] of (JSON.parse(text) as HttpExchange[]).entries()) {
        const name = `${file} #${index}`;
        const { status_code: status, headers, body } = exchange.response;
        // A request the API refused is one the decoder refuses too (refused-recorded-requests.test.ts).
        if (status !== 400) fixtures.requests.push({ name, wire: exchange.request.body });
        if (status >= 400) fixtures.errors.push({ name, status, body, headers });
        else if (typeof body === "string") fixtures.streams.push({ name, events: sseEvents(body) });
        else fixtures.responses.push({ name, wire: body });
      }
    }
  }
  return fixtures;
}

/** The requests of the messages recordings that the API answered with 400, and what it said. */
export function messagesRefusedRecordings(): { name: string; wire: unknown; message: string }[] {
  const directory = specPath("recordings", "messages");
  return readdirSync(directory)
    .sort()
    .filter((file) => file.endsWith(".http.json"))
    .flatMap((file) =>
      (JSON.parse(readFileSync(join(directory, file), "utf8")) as HttpExchange[]).flatMap(
        (exchange, index) =>
          exchange.response.status_code === 400
            ? [
                {
                  name: `${file} #${index}`,
                  wire: exchange.request.body,
                  message: (exchange.response.body as { error: { message: string } }).error.message,
                },
              ]
            : [],
      ),
    );
}

interface NockExchange {
  body: unknown;
  status: number;
  response: unknown;
}

interface HttpExchange {
  request: { body: unknown };
  response: { status_code: number; headers: Record<string, string>; body: unknown };
}
