import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, type Gateway, type GatewayConfig } from "@interlingua/gateway";
import { createNodeListener } from "@interlingua/gateway/node";
import { metrics, trace } from "@opentelemetry/api";
import {
  AggregationTemporality,
  MeterProvider,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from "@opentelemetry/sdk-metrics";
import { BatchSpanProcessor, type SpanExporter, TracerProvider } from "@opentelemetry/sdk-trace";
import { createExchangeObservation } from "../packages/gateway/src/observe/create-exchange-observation";
import type { ExchangeRecord } from "../packages/gateway/src/observe/exchange-record";
import { createOpenTelemetry } from "../packages/gateway/src/observe/open-telemetry/create-open-telemetry";
import { responsesBody, upstreamFetch } from "./gateway.bench";
import type { Benchmark } from "./harness";

/**
 * What observing costs, against the same cross-format exchange as the gateway rows through a gateway
 * with observability off (no hook, `openTelemetry: false`) as the floor. The rows with targets time
 * the observation of one exchange alone (a no-op hook; OpenTelemetry with an SDK registered the way
 * an application would: batched spans, periodic metrics, exporters that drop what they get, so no
 * I/O is measured), so their ratio is observing's share of the exchange; whole exchanges through a
 * gateway with a no-op hook and one with OpenTelemetry follow, informational, as their difference
 * to the floor is within the run-to-run noise of a busy machine.
 */

const dropSpans: SpanExporter = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: async () => undefined,
};
const dropMetrics: PushMetricExporter = {
  export: (_metrics, done) => done({ code: 0 }),
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
  selectAggregationTemporality: () => AggregationTemporality.CUMULATIVE,
};
trace.setGlobalTracerProvider(
  new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter: dropSpans })] }),
);
metrics.setGlobalMeterProvider(
  new MeterProvider({
    readers: [new PeriodicExportingMetricReader({ exporter: dropMetrics, exportIntervalMillis: 1_000 })],
  }),
);

const base: GatewayConfig = {
  providers: { anthropic: { type: "messages", baseURL: "http://upstream.invalid", apiKey: "bench-key" } },
  routes: [{ model: "claude-*", provider: "anthropic" }],
  fetch: upstreamFetch as typeof fetch,
};
const off = createGateway({ ...base, observe: { openTelemetry: false } });
const noopHook = createGateway({ ...base, observe: { openTelemetry: false, hooks: [() => undefined] } });
const openTelemetry = createGateway(base);

/** One responses-caller exchange over the messages upstream, the answer read to its last byte. */
async function exchange(gateway: Gateway, body: string): Promise<string> {
  const response = await gateway.fetch(
    new Request("http://gateway.bench/v1/responses", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }),
  );
  if (response.status !== 200)
    throw new Error(`gateway answered ${response.status}: ${await response.text()}`);
  return response.text();
}

/** The gateway with observability off behind Node's HTTP server on 127.0.0.1 (unref'd: it never holds the process). */
const offServer = createServer(createNodeListener(off));
await new Promise<void>((resolve) => offServer.listen(0, "127.0.0.1", resolve));
offServer.unref();
const offURL = `http://127.0.0.1:${(offServer.address() as AddressInfo).port}`;

/** One exchange over HTTP to the server above, the answer read to its last byte. */
async function exchangeOverHttp(body: string): Promise<string> {
  const response = await fetch(`${offURL}/v1/responses`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  if (response.status !== 200)
    throw new Error(`gateway answered ${response.status}: ${await response.text()}`);
  return response.text();
}

const whole = responsesBody(false);
const stream = responsesBody(true);
const offFloor = (body: string) => ({
  floorName: "the same exchange with observability off",
  floor: () => exchange(off, body),
});

const redact = (text: string) => text;
const withHook = createExchangeObservation({ hooks: [() => undefined], redact });
const withOpenTelemetry = createExchangeObservation({
  hooks: [],
  redact,
  startTelemetry: createOpenTelemetry({ captureContent: false, latestOnly: () => false, redact }),
});
const observedRequest = new Request("http://gateway.bench/v1/responses", { method: "POST" });

/**
 * The observation of one exchange alone, filled in as the pipeline fills it for the whole answer
 * above (route, models, usage, one upstream call) and finished: the work observing adds to it.
 */
function observeOnce(observation: typeof withHook): void {
  const record: ExchangeRecord = observation.begin(observedRequest, {
    kind: "chat",
    front: "responses",
    path: "/v1/responses",
  });
  record.tenant = "";
  record.backend = { provider: "anthropic", format: "messages" };
  record.requestModel = "claude-sonnet-4-5";
  record.upstreamModel = "claude-sonnet-4-5";
  record.upstreamSent = performance.now();
  record.telemetry?.upstreamStarted("http://upstream.invalid/v1/messages", new Headers());
  record.upstreamFirstByte = performance.now();
  record.responseId = "msg_bench";
  record.responseModel = "claude-sonnet-4-5";
  record.finishReason = "tool_calls";
  record.usage = { inputTokens: 900, outputTokens: 400 };
  record.bytesIn = 600;
  record.bytesOut = 3000;
  observation.finish(record, 200);
}

const overHttpFloor = {
  floorName: "the same exchange over HTTP on 127.0.0.1, observability off",
  floor: () => exchangeOverHttp(whole),
};

/**
 * Rows with targets from issue 22 (a no-op hook costs nothing measurable, OpenTelemetry at most 5% of
 * throughput), measured as the observation's share of a whole cross-format exchange served over
 * HTTP; then the same shares of the exchange in process (no HTTP, the worst case), and whole
 * exchanges through observed gateways, informational.
 */
export const benchmarks: Benchmark[] = [
  {
    name: "observability: a no-op hook's share of a whole cross-format exchange over HTTP",
    ...overHttpFloor,
    subject: () => observeOnce(withHook),
    target: 0.01,
  },
  {
    name: "observability: OpenTelemetry's share (spans and metrics) of a whole cross-format exchange over HTTP",
    ...overHttpFloor,
    subject: () => observeOnce(withOpenTelemetry),
    target: 0.05,
  },
  {
    name: "observability, informational: a no-op hook's share of a whole cross-format exchange in process",
    ...offFloor(whole),
    subject: () => observeOnce(withHook),
  },
  {
    name: "observability, informational: OpenTelemetry's share of a whole cross-format exchange in process",
    ...offFloor(whole),
    subject: () => observeOnce(withOpenTelemetry),
  },
  {
    name: "observability, informational: no-op observe hook, whole answer across formats",
    ...offFloor(whole),
    subject: () => exchange(noopHook, whole),
  },
  {
    name: "observability, informational: OpenTelemetry on (SDK registered), whole answer across formats",
    ...offFloor(whole),
    subject: () => exchange(openTelemetry, whole),
  },
  {
    name: "observability, informational: no-op observe hook, 1,000-event stream across formats",
    ...offFloor(stream),
    subject: () => exchange(noopHook, stream),
  },
  {
    name: "observability, informational: OpenTelemetry on (SDK registered), 1,000-event stream across formats",
    ...offFloor(stream),
    subject: () => exchange(openTelemetry, stream),
  },
];
