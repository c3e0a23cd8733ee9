import { metrics, propagation, trace } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { MeterProvider } from "@opentelemetry/sdk-metrics";
import { TracerProvider } from "@opentelemetry/sdk-trace";
import { afterEach, describe, expect, it } from "vitest";
import { createExchangeObservation } from "../../src/observe/create-exchange-observation";
import { createOpenTelemetry } from "../../src/observe/open-telemetry/create-open-telemetry";

/**
 * With nothing registered with the OpenTelemetry API an exchange has no telemetry (every span,
 * metric and `traceparent` would be a no-op) and its upstream call goes out with its own headers;
 * as soon as a tracer provider, a meter provider or a propagator is registered (even after the
 * gateway was built) exchanges have telemetry again, and a propagator alone still carries the
 * caller's trace upstream.
 */

const redact = (text: string) => text;
const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

afterEach(() => {
  trace.disable();
  metrics.disable();
  propagation.disable();
});

/** One exchange opened on a fresh observation with OpenTelemetry on; the headers its upstream call carried. */
async function observeOneCall() {
  const observation = createExchangeObservation({
    hooks: [],
    redact,
    startTelemetry: createOpenTelemetry({ captureContent: false, latestOnly: () => false, redact }),
  });
  const request = new Request("http://gateway.test/v1/messages", {
    method: "POST",
    headers: { traceparent },
  });
  const record = observation.begin(request, { kind: "chat", front: "messages", path: "/v1/messages" });
  const sent: Headers[] = [];
  const upstreamHeaders = { "content-type": "application/json" };
  const watched = observation.watchFetch(async (_input, init) => {
    sent.push(new Headers(init?.headers));
    return new Response("{}");
  });
  await watched("http://127.0.0.1:9/v1/messages", {
    method: "POST",
    headers: upstreamHeaders,
    body: "{}",
    signal: request.signal,
  });
  observation.finish(record, 200);
  return { record, headers: sent[0]!, hookFailures: observation.hookFailures };
}

describe("OpenTelemetry with nothing registered", () => {
  it("starts no telemetry and leaves the upstream headers alone", async () => {
    const { record, headers, hookFailures } = await observeOneCall();
    expect(record.telemetry).toBeUndefined();
    expect(headers.has("traceparent")).toBe(false);
    expect(hookFailures).toBe(0);
  });

  it.each([
    ["a tracer provider", () => trace.setGlobalTracerProvider(new TracerProvider())],
    ["a meter provider", () => metrics.setGlobalMeterProvider(new MeterProvider())],
    ["a propagator", () => propagation.setGlobalPropagator(new W3CTraceContextPropagator())],
  ])("starts telemetry again once %s is registered", async (_name, register) => {
    expect((await observeOneCall()).record.telemetry).toBeUndefined();
    register();
    const { record, hookFailures } = await observeOneCall();
    expect(record.telemetry).toBeDefined();
    expect(hookFailures).toBe(0);
  });

  it("carries the caller's trace upstream with a propagator and no SDK, as before", async () => {
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    const { headers } = await observeOneCall();
    expect(headers.get("traceparent")).toBe(traceparent);
  });
});
