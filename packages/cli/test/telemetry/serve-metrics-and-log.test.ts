import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultRecordingFormats } from "@interlingua/recordings";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServe } from "../../src/commands/serve-command";
import { runCli } from "../../src/run-cli";
import { type CapturedIo, captureIo } from "../../src/testing/capture-io";
import { type EchoUpstream, startEchoUpstream } from "./echo-upstream";

/**
 * `interlingua serve` from config or environment alone: Prometheus `/metrics` on its own port or
 * behind an admin key (which no caller key opens), read by a real Prometheus text-format parser,
 * and one log line per exchange, JSON (or readable on a terminal), with no key in any of it
 * although the upstream echoes every key it sees.
 */

const callerKey = "sk-caller-metrics-0123456789";
const upstreamKey = "sk-upstream-metrics-9876543210";
const adminKey = "admin-key-for-metrics-only-42";
const tenant = `key-sha256:${createHash("sha256").update(callerKey).digest("hex")}`;
const directory = mkdtempSync(join(tmpdir(), "interlingua-metrics-"));
let upstream: EchoUpstream;

beforeAll(async () => {
  upstream = await startEchoUpstream();
});
afterAll(async () => {
  await upstream.close();
  rmSync(directory, { recursive: true, force: true });
});

function writeConfig(telemetry?: unknown): string {
  const file = join(directory, `gateway-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      auth: { keys: [callerKey] },
      providers: { echo: { type: "responses", baseURL: upstream.url, apiKey: upstreamKey } },
      routes: [{ model: "*", provider: "echo" }],
      ...(telemetry === undefined ? {} : { telemetry }),
    }),
  );
  return file;
}

async function chat(url: string, stream: boolean): Promise<Response> {
  const response = await fetch(`${url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": callerKey },
    body: JSON.stringify({
      model: "claude-echo",
      max_tokens: 50,
      stream,
      messages: [{ role: "user", content: `repeat my key ${callerKey}` }],
    }),
  });
  await response.text();
  return response;
}

/**
 * The sum of histogram `name` over its series with `labels`, read with the parser: the document
 * must parse and declare `name` a histogram, and its `name_sum` series are parsed as plain samples
 * (the parser folds the labelled series of one histogram into one, losing their labels).
 */
function histogramSum(text: string, name: string, labels: Record<string, string>): number {
  const families = parsePrometheusTextFormat(text);
  const family = families.find((candidate) => candidate.name === name);
  expect(family, `no ${name} in ${families.map((candidate) => candidate.name).join(", ")}`).toBeDefined();
  expect(family!.type).toBe("HISTOGRAM");
  const series = `${name}_sum`;
  const lines = text
    .split("\n")
    .filter((line) => line.startsWith(`${series}{`) || line.startsWith(`${series} `));
  const [sums] = parsePrometheusTextFormat(`# TYPE ${series} untyped\n${lines.join("\n")}\n`);
  return (sums?.metrics ?? [])
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value))
    .reduce((total, sample) => total + Number(sample.value), 0);
}

async function waitForLines(io: CapturedIo, count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const lines = io.out().split("\n").filter(Boolean);
    if (lines.length >= count) return lines;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`expected ${count} log lines, got: ${io.out()}`);
}

describe("/metrics on its own port, from the environment, and the JSON log", () => {
  it("serves parseable GenAI metrics and logs one JSON line per exchange, no key anywhere", async () => {
    const io = captureIo({ environment: { INTERLINGUA_METRICS_PORT: "0" } });
    const running = await startServe(["--port", "0", "--config", writeConfig()], io, defaultRecordingFormats);
    try {
      const responses = [await chat(running!.server.url, false), await chat(running!.server.url, true)];
      expect(running!.metricsServer).toBeDefined();
      expect(io.err()).toContain(`Prometheus metrics at ${running!.metricsServer!.url}/metrics`);
      const text = await (await fetch(`${running!.metricsServer!.url}/metrics`)).text();
      const labels = { gen_ai_provider_name: "openai", interlingua_front_format: "messages" };
      expect(histogramSum(text, "gen_ai_client_token_usage", { ...labels, gen_ai_token_type: "input" })).toBe(
        22,
      );
      expect(
        histogramSum(text, "gen_ai_client_token_usage", { ...labels, gen_ai_token_type: "output" }),
      ).toBe(8);
      expect(histogramSum(text, "gen_ai_client_operation_duration", labels)).toBeGreaterThan(0);
      expect(text).toContain('service_name="interlingua"');
      expect(text).not.toContain(callerKey);
      expect(text).not.toContain(upstreamKey);
      expect(text).not.toContain(tenant);
      // Nothing but metrics there; and no metrics on the gateway's own port.
      expect((await fetch(`${running!.metricsServer!.url}/v1/messages`)).status).toBe(404);
      expect((await fetch(`${running!.server.url}/metrics`)).status).toBe(404);

      const lines = await waitForLines(io, 2);
      expect(lines).toHaveLength(2);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      for (const [index, entry] of logged.entries())
        expect(entry).toMatchObject({
          level: 30,
          msg: "exchange",
          id: responses[index]!.headers.get("x-interlingua-exchange-id"),
          tenant,
          front: "messages",
          backend: { provider: "echo", format: "responses" },
          requestModel: "claude-echo",
          stream: index === 1,
          status: 200,
          usage: { inputTokens: 11, outputTokens: 4 },
        });
      expect(io.out()).not.toContain(callerKey);
      expect(io.out()).not.toContain(upstreamKey);
    } finally {
      await running?.server.close();
      await running?.metricsServer?.close();
      await running?.telemetry.shutdown();
    }
  });
});

describe("/metrics behind an admin key, from the config file", () => {
  it("answers only the admin key, never a caller key", async () => {
    const io = captureIo();
    const config = writeConfig({ metrics: { adminKey }, log: "off" });
    const running = await startServe(["--port", "0", "--config", config], io, defaultRecordingFormats);
    try {
      const url = running!.server.url;
      await chat(url, false);
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const withCallerKey = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${callerKey}` },
      });
      expect(withCallerKey.status).toBe(401);
      expect(await withCallerKey.text()).not.toContain("gen_ai");
      const allowed = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${adminKey}` } });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get("content-type")).toContain("text/plain");
      expect(
        histogramSum(await allowed.text(), "gen_ai_client_token_usage", { gen_ai_token_type: "input" }),
      ).toBe(11);
      expect(io.out()).toBe("");
    } finally {
      await running?.server.close();
      await running?.telemetry.shutdown();
    }
  });

  it("refuses an admin key that is also a caller key", async () => {
    const io = captureIo();
    const config = writeConfig({ metrics: { adminKey: callerKey } });
    expect(await runCli(["serve", "--port", "0", "--config", config], io)).toBe(2);
    expect(io.err()).toContain("the metrics admin key must not be one of the callers' keys");
  });
});

describe("the log on a terminal", () => {
  it("is one human-readable line per exchange", async () => {
    const io = captureIo();
    io.stdout.isTTY = true;
    const running = await startServe(["--port", "0", "--config", writeConfig()], io, defaultRecordingFormats);
    try {
      await chat(running!.server.url, false);
      const [line] = await waitForLines(io, 1);
      expect(() => JSON.parse(line!)).toThrow();
      expect(line).toContain("exchange");
      expect(io.out()).toContain("claude-echo");
      expect(io.out()).not.toContain(callerKey);
    } finally {
      await running?.server.close();
      await running?.telemetry.shutdown();
    }
  });
});
