import * as z from "zod/mini";

/** How exchanges are logged: JSON lines, human-readable lines, or not at all. */
export const logModes = ["json", "pretty", "off"] as const;

/**
 * The `telemetry` section of `interlingua serve --config`. Every key has an environment variable
 * (see {@link resolveServeTelemetry}); the file wins over the environment.
 */
export const TelemetrySection = z.strictObject({
  /** Export traces and metrics over OTLP, configured by the standard `OTEL_EXPORTER_OTLP_*` variables. */
  otlp: z.optional(z.boolean()),
  /** The `service.name` of what is exported; default `interlingua` (`OTEL_SERVICE_NAME` wins). */
  serviceName: z.optional(z.string().check(z.minLength(1))),
  /**
   * Prometheus `/metrics`: on its own `port` (and `host`, default 127.0.0.1), or on the gateway's
   * port behind `adminKey` (`Authorization: Bearer <adminKey>`), which must not be a caller key.
   */
  metrics: z.optional(
    z
      .strictObject({
        port: z.optional(z.int().check(z.minimum(0)).check(z.maximum(65535))),
        host: z.optional(z.string().check(z.minLength(1))),
        adminKey: z.optional(z.string().check(z.minLength(16))),
      })
      .check(
        z.refine((metrics) => (metrics.port === undefined) !== (metrics.adminKey === undefined), {
          message: "give either port or adminKey",
        }),
      ),
  ),
  /** One line per exchange on standard output: `json`, `pretty` or `off`; default pretty on a terminal, else JSON. */
  log: z.optional(z.enum(logModes)),
  /** Record message content on spans (redacted); default off. */
  captureContent: z.optional(z.boolean()),
});
/** The `telemetry` section; see {@link TelemetrySection}. */
export type TelemetrySection = z.infer<typeof TelemetrySection>;

/** What `serve` turns on, the section and the environment resolved. */
export interface ServeTelemetry {
  otlp: boolean;
  serviceName: string;
  metrics?: { port: number; host: string } | { adminKey: string };
  log: (typeof logModes)[number];
  captureContent: boolean;
}

const truthy = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

/**
 * The telemetry `serve` runs with. OTLP is on when the section says so, or else when an OTLP
 * endpoint variable is set (`OTEL_EXPORTER_OTLP_ENDPOINT`, `…_TRACES_ENDPOINT`, `…_METRICS_ENDPOINT`),
 * and never with `OTEL_SDK_DISABLED=true`. `INTERLINGUA_METRICS_PORT` (and `INTERLINGUA_METRICS_HOST`)
 * or `INTERLINGUA_METRICS_ADMIN_KEY` turn on `/metrics`; `INTERLINGUA_LOG` picks the log mode;
 * `INTERLINGUA_CAPTURE_CONTENT=true` records content. Throws a `TypeError` naming a bad variable.
 */
export function resolveServeTelemetry(
  section: TelemetrySection | undefined,
  environment: Record<string, string | undefined>,
  stdoutIsTerminal: boolean,
): ServeTelemetry {
  const endpointSet = [
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
  ].some((name) => (environment[name] ?? "").trim() !== "");
  const otlp = !truthy(environment.OTEL_SDK_DISABLED) && (section?.otlp ?? endpointSet);
  let metrics: ServeTelemetry["metrics"];
  if (section?.metrics?.adminKey !== undefined) metrics = { adminKey: section.metrics.adminKey };
  else if (section?.metrics?.port !== undefined)
    metrics = { port: section.metrics.port, host: section.metrics.host ?? "127.0.0.1" };
  else if (environment.INTERLINGUA_METRICS_ADMIN_KEY) {
    if (environment.INTERLINGUA_METRICS_ADMIN_KEY.length < 16)
      throw new TypeError("INTERLINGUA_METRICS_ADMIN_KEY: at least 16 characters");
    metrics = { adminKey: environment.INTERLINGUA_METRICS_ADMIN_KEY };
  } else if (environment.INTERLINGUA_METRICS_PORT !== undefined) {
    const port = Number(environment.INTERLINGUA_METRICS_PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new TypeError(
        `INTERLINGUA_METRICS_PORT: not a port number: ${environment.INTERLINGUA_METRICS_PORT}`,
      );
    metrics = { port, host: environment.INTERLINGUA_METRICS_HOST ?? "127.0.0.1" };
  }
  const logVariable = environment.INTERLINGUA_LOG;
  if (logVariable !== undefined && !(logModes as readonly string[]).includes(logVariable))
    throw new TypeError(`INTERLINGUA_LOG: one of ${logModes.join(", ")}, not '${logVariable}'`);
  const log =
    section?.log ??
    (logVariable as ServeTelemetry["log"] | undefined) ??
    (stdoutIsTerminal ? "pretty" : "json");
  return {
    otlp,
    serviceName: section?.serviceName ?? "interlingua",
    ...(metrics ? { metrics } : {}),
    log,
    captureContent: section?.captureContent ?? truthy(environment.INTERLINGUA_CAPTURE_CONTENT),
  };
}
