import { describe, expect, it } from "vitest";
import { parseServeConfigFile } from "../serve/serve-config-file";
import { resolveServeTelemetry } from "./telemetry-section";

describe("resolveServeTelemetry", () => {
  it("is off but for the log when nothing asks for it; the log is JSON unless stdout is a terminal", () => {
    expect(resolveServeTelemetry(undefined, {}, false)).toEqual({
      otlp: false,
      serviceName: "interlingua",
      log: "json",
      captureContent: false,
    });
    expect(resolveServeTelemetry(undefined, {}, true).log).toBe("pretty");
  });

  it("turns OTLP on from any standard endpoint variable, never with OTEL_SDK_DISABLED", () => {
    for (const name of [
      "OTEL_EXPORTER_OTLP_ENDPOINT",
      "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
      "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
    ]) {
      expect(resolveServeTelemetry(undefined, { [name]: "http://127.0.0.1:4318" }, false).otlp).toBe(true);
      expect(
        resolveServeTelemetry(
          undefined,
          { [name]: "http://127.0.0.1:4318", OTEL_SDK_DISABLED: "true" },
          false,
        ).otlp,
      ).toBe(false);
    }
  });

  it("takes /metrics and the log mode from the environment, the file winning", () => {
    expect(
      resolveServeTelemetry(undefined, { INTERLINGUA_METRICS_PORT: "9464", INTERLINGUA_LOG: "off" }, false),
    ).toMatchObject({ metrics: { port: 9464, host: "127.0.0.1" }, log: "off" });
    expect(
      resolveServeTelemetry(
        { metrics: { adminKey: "an-admin-key-of-16+" }, log: "json" },
        { INTERLINGUA_METRICS_PORT: "9464", INTERLINGUA_LOG: "off" },
        true,
      ),
    ).toMatchObject({ metrics: { adminKey: "an-admin-key-of-16+" }, log: "json" });
  });

  it("names a bad variable", () => {
    expect(() => resolveServeTelemetry(undefined, { INTERLINGUA_METRICS_PORT: "http" }, false)).toThrow(
      "INTERLINGUA_METRICS_PORT: not a port number: http",
    );
    expect(() => resolveServeTelemetry(undefined, { INTERLINGUA_LOG: "loud" }, false)).toThrow(
      "INTERLINGUA_LOG: one of json, pretty, off, not 'loud'",
    );
    expect(() => resolveServeTelemetry(undefined, { INTERLINGUA_METRICS_ADMIN_KEY: "short" }, false)).toThrow(
      "INTERLINGUA_METRICS_ADMIN_KEY: at least 16 characters",
    );
  });
});

describe("the telemetry section of the serve config file", () => {
  const gateway = { providers: {}, routes: [] };
  it("is kept apart from the gateway's configuration", () => {
    expect(parseServeConfigFile({ ...gateway, telemetry: { otlp: true, log: "off" } })).toEqual({
      gateway,
      telemetry: { otlp: true, log: "off" },
    });
  });
  it("names a bad key", () => {
    expect(() => parseServeConfigFile({ ...gateway, telemetry: { metrics: {} } })).toThrow(
      "telemetry.metrics: give either port or adminKey",
    );
    expect(() => parseServeConfigFile({ ...gateway, telemetry: { loud: true } })).toThrow("telemetry.loud");
  });
});
