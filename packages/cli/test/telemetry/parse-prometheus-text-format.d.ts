/** Types of the parse-prometheus-text-format package (it ships none), as far as the tests read it. */
declare module "parse-prometheus-text-format" {
  /** One sample: a plain value, or a histogram's buckets, count and sum. */
  export interface PrometheusSample {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  /** One metric family of the text format. */
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: string;
    metrics: PrometheusSample[];
  }
  /** Parses the Prometheus text exposition format; throws on malformed input. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
