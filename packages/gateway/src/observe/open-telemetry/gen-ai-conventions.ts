/**
 * The OpenTelemetry GenAI semantic conventions this gateway follows (decision 0012): the names it
 * emits, from semantic-conventions v1.40.0 (GenAI, status "development").
 */
export const genAiConventionsVersion = "1.40.0";

/** The schema URL of {@link genAiConventionsVersion}, given to the tracer and meter. */
export const genAiSchemaUrl = `https://opentelemetry.io/schemas/${genAiConventionsVersion}`;

/** Span and metric attribute names. */
export const attribute = {
  operationName: "gen_ai.operation.name",
  providerName: "gen_ai.provider.name",
  /** The v1.36.0 name of `gen_ai.provider.name`, also emitted unless the latest conventions are opted into. */
  legacySystem: "gen_ai.system",
  requestModel: "gen_ai.request.model",
  requestMaxTokens: "gen_ai.request.max_tokens",
  requestTemperature: "gen_ai.request.temperature",
  requestTopP: "gen_ai.request.top_p",
  requestTopK: "gen_ai.request.top_k",
  requestStopSequences: "gen_ai.request.stop_sequences",
  requestSeed: "gen_ai.request.seed",
  requestFrequencyPenalty: "gen_ai.request.frequency_penalty",
  requestPresencePenalty: "gen_ai.request.presence_penalty",
  requestChoiceCount: "gen_ai.request.choice.count",
  responseModel: "gen_ai.response.model",
  responseId: "gen_ai.response.id",
  responseFinishReasons: "gen_ai.response.finish_reasons",
  usageInputTokens: "gen_ai.usage.input_tokens",
  usageOutputTokens: "gen_ai.usage.output_tokens",
  usageCacheReadInputTokens: "gen_ai.usage.cache_read.input_tokens",
  usageCacheCreationInputTokens: "gen_ai.usage.cache_creation.input_tokens",
  usageReasoningOutputTokens: "gen_ai.usage.reasoning.output_tokens",
  tokenType: "gen_ai.token.type",
  inputMessages: "gen_ai.input.messages",
  outputMessages: "gen_ai.output.messages",
  systemInstructions: "gen_ai.system_instructions",
  errorType: "error.type",
  serverAddress: "server.address",
  serverPort: "server.port",
  httpRequestMethod: "http.request.method",
  httpResponseStatusCode: "http.response.status_code",
  urlPath: "url.path",
  exchangeId: "interlingua.exchange.id",
  tenant: "interlingua.tenant",
  frontFormat: "interlingua.front.format",
  backendFormat: "interlingua.backend.format",
  provider: "interlingua.provider",
  upstreamModel: "interlingua.upstream.model",
  stream: "interlingua.stream",
  passThrough: "interlingua.pass_through",
  strict: "interlingua.strict",
  lossesCount: "interlingua.losses.count",
  errorKind: "interlingua.error.kind",
} as const;

/** Metric names and the bucket boundaries the conventions advise for them. */
export const metric = {
  tokenUsage: {
    name: "gen_ai.client.token.usage",
    unit: "{token}",
    description: "Number of input and output tokens used.",
    buckets: [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864],
  },
  operationDuration: {
    name: "gen_ai.client.operation.duration",
    unit: "s",
    description: "GenAI operation duration.",
    buckets: [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92],
  },
  timeToFirstChunk: {
    name: "gen_ai.client.operation.time_to_first_chunk",
    unit: "s",
    description: "Time to receive the first chunk of a streamed answer, from the request.",
    buckets: [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92],
  },
} as const;

/**
 * Well-known `gen_ai.provider.name` values by the wire format the upstream speaks (the vendor whose
 * API that format is); a provider speaking none of ours is named by its `providers` key.
 */
export const providerNameByFormat: Readonly<Record<string, string>> = {
  messages: "anthropic",
  responses: "openai",
  "chat-completions": "openai",
  "generate-content": "gcp.gemini",
};

/**
 * Whether `OTEL_SEMCONV_STABILITY_OPT_IN` (a comma-separated list) asks for the latest experimental
 * GenAI conventions only (`gen_ai_latest_experimental`): then the v1.36.0 names are not emitted
 * beside the current ones.
 */
export function optsIntoLatestGenAi(optIn: string | undefined): boolean {
  return (optIn ?? "")
    .split(",")
    .map((value) => value.trim())
    .includes("gen_ai_latest_experimental");
}

/** `OTEL_SEMCONV_STABILITY_OPT_IN` of the process, where the runtime has an environment. */
export function semconvOptInFromEnvironment(): string | undefined {
  const process = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return process?.env?.OTEL_SEMCONV_STABILITY_OPT_IN;
}
