import { metrics, propagation, trace } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  AggregationTemporality,
  type DataPoint,
  type Histogram,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";

/** An OpenTelemetry SDK registered globally for one test file, exporting to memory. */
export interface InMemoryTelemetry {
  /** Every span ended so far. */
  spans(): ReadableSpan[];
  /** The histogram points of metric `name` as collected now (cumulative since registration). */
  histogram(name: string): Promise<DataPoint<Histogram>[]>;
}

/** Registers the SDK's tracer and meter providers with in-memory exporters and the W3C propagator. */
export function registerInMemoryTelemetry(): InMemoryTelemetry {
  const spanExporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(
    new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spanExporter })] }),
  );
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  return {
    spans: () => spanExporter.getFinishedSpans(),
    async histogram(name) {
      await reader.forceFlush();
      const latest = metricExporter.getMetrics().at(-1);
      metricExporter.reset();
      const found = latest?.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .find((data) => data.descriptor.name === name);
      return (found?.dataPoints ?? []) as DataPoint<Histogram>[];
    },
  };
}
