import { JSONParser } from "@streamparser/json";
import type { RecordedExchange } from "../format/recorded-exchange";
import { buildHttpExchange } from "./build-http-exchange";
import { type ByteSource, textChunks } from "./byte-source";
import type { ReadExchangesOptions } from "./read-exchanges-options";
import { RecordingInputError } from "./recording-input-error";

interface HarHeader {
  name: string;
  value: string;
}

interface HarEntry {
  request?: { method?: string; url?: string; headers?: HarHeader[]; postData?: { text?: string } };
  response?: {
    status?: number;
    headers?: HarHeader[];
    content?: { text?: string; encoding?: string; mimeType?: string };
  };
}

/**
 * Reads a HAR 1.2 capture (browser dev tools, mitmproxy, Charles) as a stream: entries are parsed
 * one at a time as their bytes arrive, and only those whose request path is a known format's chat
 * endpoint become exchanges (an SSE response body, as HAR keeps it in `content.text`, becomes the
 * stream's events). Memory stays bounded by the largest entry, not the file.
 */
export async function* readHarExchanges(
  source: ByteSource,
  options: ReadExchangesOptions,
): AsyncGenerator<RecordedExchange> {
  const name = options.name ?? "input";
  const parser = new JSONParser({ paths: ["$.log.entries.*", "$.log.version"], keepStack: false });
  const entries: { entry: unknown; index: number }[] = [];
  let index = 0;
  let failure: Error | undefined;
  let sawLog = false;
  parser.onValue = ({ value, key }) => {
    if (key === "version") sawLog = true;
    else entries.push({ entry: value, index: index++ });
  };
  parser.onError = (error) => {
    failure = error;
  };
  for await (const chunk of textChunks(source)) {
    parser.write(chunk);
    if (failure) throw new RecordingInputError(`${name}: not a valid HAR file (${failure.message})`);
    for (const item of entries.splice(0)) {
      const exchange = await exchangeOfEntry(item.entry, `${name}#entries/${item.index}`, options);
      if (exchange) yield exchange;
    }
  }
  if (!parser.isEnded) parser.end();
  if (failure) throw new RecordingInputError(`${name}: not a valid HAR file (${failure.message})`);
  if (!sawLog) throw new RecordingInputError(`${name}: not a HAR file (no "log.version")`);
}

async function exchangeOfEntry(
  value: unknown,
  id: string,
  options: ReadExchangesOptions,
): Promise<RecordedExchange | undefined> {
  const entry = value as HarEntry;
  const url = entry?.request?.url;
  if (typeof url !== "string") throw new RecordingInputError(`${id}: entry has no request.url`);
  const content = entry.response?.content;
  const responseText =
    content?.text !== undefined && content.encoding === "base64"
      ? Buffer.from(content.text, "base64").toString("utf8")
      : content?.text;
  const responseHeaders = pairs(entry.response?.headers);
  if (content?.mimeType && !responseHeaders.some(([header]) => header.toLowerCase() === "content-type"))
    responseHeaders.push(["content-type", content.mimeType]);
  return buildHttpExchange(
    {
      id,
      method: entry.request?.method ?? "POST",
      url,
      requestHeaders: pairs(entry.request?.headers),
      requestBody: entry.request?.postData?.text,
      // HAR writes 0 for a request that got no answer.
      status: entry.response?.status ? entry.response.status : undefined,
      responseHeaders,
      responseBody: responseText,
    },
    { ...options, requireChatPath: true },
  );
}

function pairs(headers: HarHeader[] | undefined): [string, string][] {
  return (headers ?? []).map((header) => [header.name, header.value]);
}
