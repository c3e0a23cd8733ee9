import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { OTLPMetricExporter as OtlpJsonMetricExporter } from "@opentelemetry/exporter-metrics-otlp-http";
import { OTLPMetricExporter as OtlpProtobufMetricExporter } from "@opentelemetry/exporter-metrics-otlp-proto";
import { PrometheusExporter, PrometheusSerializer } from "@opentelemetry/exporter-prometheus";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import { MeterProvider, type MetricReader, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { NodeSDK } from "@opentelemetry/sdk-node";
import type { ServeTelemetry } from "./telemetry-section";

/** The OpenTelemetry SDK `serve` started, and the Prometheus text of its metrics when asked for. */
export interface RunningTelemetry {
  /** The metrics in the Prometheus text format, when `/metrics` is on. */
  prometheusText?: () => Promise<string>;
  /** Exports what is pending and unregisters the SDK. */
  shutdown(): Promise<void>;
}

/**
 * The OTLP metric exporter for the protocol the standard variables name
 * (`OTEL_EXPORTER_OTLP_METRICS_PROTOCOL`, else `OTEL_EXPORTER_OTLP_PROTOCOL`, default `http/protobuf`);
 * endpoint, headers and timeout are read by the exporter from the same variables.
 */
function otlpMetricExporter(environment: Record<string, string | undefined>) {
  const protocol =
    environment.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ??
    environment.OTEL_EXPORTER_OTLP_PROTOCOL ??
    "http/protobuf";
  if (protocol === "http/json") return new OtlpJsonMetricExporter();
  if (protocol === "http/protobuf") return new OtlpProtobufMetricExporter();
  throw new TypeError(
    `OTEL_EXPORTER_OTLP_PROTOCOL: serve exports over http/protobuf or http/json, not '${protocol}'`,
  );
}

/**
 * Starts what {@link ServeTelemetry} asks for. With OTLP, the OpenTelemetry Node SDK: traces by the
 * standard variables (`OTEL_TRACES_EXPORTER`, `OTEL_EXPORTER_OTLP_*`, W3C trace context), metrics
 * exported periodically over OTLP and, with `/metrics`, read by Prometheus. Without OTLP but with
 * `/metrics`, a meter provider alone (no tracing, so no span costs anything). The gateway reaches
 * either through `@opentelemetry/api`.
 */
export function startServeTelemetry(
  telemetry: ServeTelemetry,
  environment: Record<string, string | undefined>,
): RunningTelemetry {
  const prometheus = telemetry.metrics ? new PrometheusExporter({ preventServerStart: true }) : undefined;
  const readers: MetricReader[] = prometheus ? [prometheus] : [];
  let stop: () => Promise<void>;
  // The standard variable wins over the config file, as everywhere in OpenTelemetry.
  const serviceName = environment.OTEL_SERVICE_NAME ?? telemetry.serviceName;
  if (telemetry.otlp) {
    readers.push(new PeriodicExportingMetricReader({ exporter: otlpMetricExporter(environment) }));
    const sdk = new NodeSDK({
      serviceName,
      metricReaders: readers,
      instrumentations: [],
    });
    sdk.start();
    stop = () => sdk.shutdown();
  } else if (readers.length > 0) {
    const provider = new MeterProvider({
      readers,
      resource: defaultResource().merge(resourceFromAttributes({ "service.name": serviceName })),
    });
    metrics.setGlobalMeterProvider(provider);
    stop = () => provider.shutdown();
  } else {
    stop = async () => undefined;
  }
  const serializer = new PrometheusSerializer();
  return {
    ...(prometheus
      ? {
          async prometheusText() {
            const { resourceMetrics } = await prometheus.collect();
            return serializer.serialize(resourceMetrics);
          },
        }
      : {}),
    async shutdown() {
      await stop();
      metrics.disable();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
