import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultRecordingFormats } from "@interlingua/recordings";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningServe, startServe } from "../../src/commands/serve-command";
import { captureIo } from "../../src/testing/capture-io";
import { type EchoUpstream, startEchoUpstream } from "./echo-upstream";

/**
 * `interlingua serve` exporting over OTLP/HTTP, configured by the standard environment variables
 * alone, to a receiver on 127.0.0.1: what arrives is the GenAI span tree and metrics of the
 * exchanges, with the upstream's usage, and no key anywhere although the upstream echoes them.
 */

const callerKey = "sk-caller-otlp-0123456789";
const upstreamKey = "sk-upstream-otlp-9876543210";

interface Received {
  path: string;
  body: string;
}

let upstream: EchoUpstream;
let receiver: { url: string; received: Received[]; close(): Promise<void> };
let running: RunningServe;
const directory = mkdtempSync(join(tmpdir(), "interlingua-otlp-"));
const io = captureIo();

beforeAll(async () => {
  upstream = await startEchoUpstream();
  const received: Received[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      received.push({ path: incoming.url ?? "", body: Buffer.concat(chunks).toString("utf8") });
      outgoing.writeHead(200, { "content-type": "application/json" });
      outgoing.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const environment = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_SERVICE_NAME: "interlingua-under-test",
    INTERLINGUA_CAPTURE_CONTENT: "true",
  };
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  io.environment = { ...environment };
  const config = join(directory, "gateway.json");
  writeFileSync(
    config,
    JSON.stringify({
      auth: { keys: [callerKey] },
      providers: { echo: { type: "responses", baseURL: upstream.url, apiKey: upstreamKey } },
      routes: [{ model: "*", provider: "echo" }],
    }),
  );
  const started = await startServe(["--port", "0", "--config", config], io, defaultRecordingFormats);
  if (!started) throw new Error("serve did not start");
  running = started;
});

afterAll(async () => {
  await running.server.close();
  await receiver.close();
  await upstream.close();
  vi.unstubAllEnvs();
  rmSync(directory, { recursive: true, force: true });
});

describe("OTLP export from the environment", () => {
  it("sends one GenAI span tree per exchange and the token metrics, with no key in any of it", async () => {
    for (const stream of [false, true]) {
      const response = await fetch(`${running.server.url}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": callerKey },
        body: JSON.stringify({
          model: "claude-echo",
          max_tokens: 50,
          stream,
          messages: [{ role: "user", content: `repeat my key ${callerKey}` }],
        }),
      });
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain(callerKey);
    }
    // Shutting the SDK down exports what it holds.
    await running.telemetry.shutdown();
    const traces = receiver.received.filter((item) => item.path === "/v1/traces");
    const metrics = receiver.received.filter((item) => item.path === "/v1/metrics");
    expect(traces.length).toBeGreaterThan(0);
    expect(metrics.length).toBeGreaterThan(0);
    const everything = receiver.received.map((item) => item.body).join("\n");
    expect(everything).not.toContain(callerKey);
    expect(everything).not.toContain(upstreamKey);
    expect(everything).toContain("[redacted]");

    type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
    type OtlpSpan = {
      name: string;
      kind: number;
      traceId: string;
      spanId: string;
      parentSpanId?: string;
      attributes: { key: string; value: OtlpValue }[];
    };
    const payloads = traces.map(
      (item) =>
        JSON.parse(item.body) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: OtlpValue }[] };
            scopeSpans: { spans: OtlpSpan[] }[];
          }[];
        },
    );
    const resourceSpans = payloads.flatMap((payload) => payload.resourceSpans);
    expect(
      resourceSpans[0]!.resource.attributes.find((attribute) => attribute.key === "service.name")?.value
        .stringValue,
    ).toBe("interlingua-under-test");
    const spans = resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
    const attribute = (span: OtlpSpan, key: string) =>
      span.attributes.find((item) => item.key === key)?.value;
    // OTLP span kinds: 2 is SERVER (the exchange), 3 CLIENT (the upstream call).
    const exchanges = spans.filter((span) => span.name === "chat claude-echo" && span.kind === 2);
    expect(exchanges).toHaveLength(2);
    for (const span of exchanges) {
      expect(attribute(span, "gen_ai.provider.name")?.stringValue).toBe("openai");
      expect(Number(attribute(span, "gen_ai.usage.input_tokens")?.intValue)).toBe(11);
      expect(Number(attribute(span, "gen_ai.usage.output_tokens")?.intValue)).toBe(4);
      const children = spans.filter((child) => child.parentSpanId === span.spanId);
      expect(children).toHaveLength(1);
      expect(children[0]).toMatchObject({ traceId: span.traceId, kind: 3 });
    }
    const metricNames = metrics.flatMap((item) =>
      (
        JSON.parse(item.body) as {
          resourceMetrics: { scopeMetrics: { metrics: { name: string }[] }[] }[];
        }
      ).resourceMetrics.flatMap((resource) =>
        resource.scopeMetrics.flatMap((scope) => scope.metrics.map((metric) => metric.name)),
      ),
    );
    expect(metricNames).toEqual(
      expect.arrayContaining([
        "gen_ai.client.token.usage",
        "gen_ai.client.operation.duration",
        "gen_ai.client.operation.time_to_first_chunk",
      ]),
    );
  });
});
