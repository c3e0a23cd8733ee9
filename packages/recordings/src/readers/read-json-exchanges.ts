import { RecordedExchange } from "../format/recorded-exchange";
import { buildHttpExchange, type HttpRecord, statusOfBody } from "./build-http-exchange";
import { type ByteSource, textChunks } from "./byte-source";
import { type ReadExchangesOptions, resolveDocumentFormat } from "./read-exchanges-options";
import { RecordingInputError } from "./recording-input-error";

/**
 * Reads one JSON document: a single request, response or error body (the format from the name or
 * the shape, an error's status from a `.NNN.json` name or the error body); a recorded exchange; or
 * an array of exchanges as SDK test cassettes store them (`{ request: { method, url, headers, body },
 * response: { status_code, headers, body } }`, or nock's `{ scope, method, path, body, status,
 * response }`). A single document is read whole; large captures belong in JSONL or HAR.
 */
export async function* readJsonExchanges(
  source: ByteSource,
  options: ReadExchangesOptions,
): AsyncGenerator<RecordedExchange> {
  const name = options.name ?? "input";
  let text = "";
  for await (const chunk of textChunks(source)) text += chunk;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new RecordingInputError(`${name}: not valid JSON (${(error as Error).message})`);
  }
  if (Array.isArray(document)) {
    for (const [index, item] of document.entries()) {
      const exchange = await exchangeOfItem(item, `${name}[${index}]`, options);
      if (exchange) yield exchange;
    }
    return;
  }
  const exchange = await exchangeOfItem(document, name, options);
  if (exchange) {
    yield exchange;
    return;
  }
  yield singleBodyExchange(document, name, options);
}

async function exchangeOfItem(
  item: unknown,
  id: string,
  options: ReadExchangesOptions,
): Promise<RecordedExchange | undefined> {
  if (typeof item !== "object" || item === null) throw new RecordingInputError(`${id}: expected an object`);
  const record = item as Record<string, unknown>;
  if (typeof record.format === "string" && ("request" in record || "response" in record)) {
    const parsed = RecordedExchange.safeParse(record);
    if (!parsed.success)
      throw new RecordingInputError(`${id}: not a recorded exchange: ${parsed.error.message}`);
    return { ...parsed.data, id: parsed.data.id ?? id };
  }
  const http = httpRecordOf(record, id);
  return http === undefined ? undefined : buildHttpExchange(http, options);
}

function httpRecordOf(record: Record<string, unknown>, id: string): HttpRecord | undefined {
  const request = record.request as Record<string, unknown> | undefined;
  const response = record.response as Record<string, unknown> | undefined;
  if (request && typeof request === "object" && typeof request.url === "string") {
    return {
      id,
      method: String(request.method ?? "POST"),
      url: request.url,
      requestHeaders: headerRecord(request.headers),
      requestBody: request.body,
      status: numberOf(response?.status_code ?? response?.status),
      responseHeaders: headerRecord(response?.headers),
      responseBody: response?.body,
    };
  }
  if (typeof record.scope === "string" && typeof record.path === "string") {
    return {
      id,
      method: String(record.method ?? "POST"),
      url: `${record.scope}${record.path}`,
      requestHeaders: headerRecord(record.reqheaders),
      requestBody: record.body,
      status: numberOf(record.status),
      responseHeaders: headerRecord(record.rawHeaders ?? record.headers),
      responseBody: record.response,
    };
  }
  return undefined;
}

function singleBodyExchange(
  document: unknown,
  name: string,
  options: ReadExchangesOptions,
): RecordedExchange {
  const format = resolveDocumentFormat(options, [
    { document, kind: "response" },
    { document, kind: "error" },
    { document, kind: "request" },
  ]);
  const base = { format: format.codec.id, method: "POST", path: "", id: name };
  if (
    format.recognizes(document, "request") &&
    !format.recognizes(document, "response") &&
    !format.recognizes(document, "error")
  )
    return { ...base, request: { headers: {}, body: document } };
  const statusInName = /\.(\d{3})\.json$/.exec(name)?.[1];
  const status = statusInName === undefined ? statusOfBody(format, document) : Number(statusInName);
  return { ...base, response: { status, headers: {}, body: document } };
}

function headerRecord(value: unknown): Record<string, string> | Iterable<[string, string]> | undefined {
  if (Array.isArray(value)) {
    // nock's rawHeaders as a flat [name, value, name, value] list
    const pairs: [string, string][] = [];
    for (let index = 0; index + 1 < value.length; index += 2)
      pairs.push([String(value[index]), String(value[index + 1])]);
    return pairs;
  }
  if (typeof value !== "object" || value === null) return undefined;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      Array.isArray(entry) ? entry.join(", ") : String(entry),
    ]),
  );
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}
