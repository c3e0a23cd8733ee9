import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { ChatProvider, KeyValueStorage } from "@interlingua/core";
import {
  createGateway,
  type GatewayConfig,
  gatewayConfigFromEnvironment,
  parseGatewayConfig,
} from "@interlingua/gateway";
import {
  createFolderStorage,
  createNodeUpstreamFetch,
  createRedisStorage,
  type NodeServer,
  serveNode,
} from "@interlingua/gateway/node";
import type { ImageTaskService } from "@interlingua/image-task";
import {
  createReplayProvider,
  decodeExchange,
  type RecordedExchange,
  type RecordingFormats,
  RecordingInputError,
  readBundledRecordings,
  readExchanges,
  recordExchanges,
} from "@interlingua/recordings";
import { createServeImageTaskService, imageTaskMountPaths } from "../serve/create-serve-image-task-service";
import { serveBanner } from "../serve/serve-banner";
import { parseServeConfigFile, type ServeConfigFile } from "../serve/serve-config-file";
import { createExchangeLogger } from "../telemetry/create-exchange-logger";
import { createMetricsEndpoint } from "../telemetry/create-metrics-endpoint";
import { type RunningTelemetry, startServeTelemetry } from "../telemetry/start-serve-telemetry";
import { resolveServeTelemetry, type ServeTelemetry } from "../telemetry/telemetry-section";
import { type CliIo, CliUsageError } from "../terminal/cli-io";
import { openInput } from "../terminal/open-input";

/** `interlingua serve --help`. */
export const serveHelp = `Usage: interlingua serve [options]

Runs the gateway: callers use any of the formats (messages at /v1/messages, responses at
/v1/responses, chat-completions at /v1/chat/completions, generate-content at
/v1beta/models/<model>:generateContent), answered by the
configured providers. With no provider configured, it answers from the recordings bundled with
interlingua (or those given with --replay), so it works with no network and no keys. An
"imageTask" section in the --config file also serves the image-task interface under /img/ and
/mj/ (see docs/image-task.md).

Options:
  --config <file>    gateway configuration (JSON); default: from environment variables
                     (ANTHROPIC_API_KEY, GEMINI_API_KEY, OPENAI_API_KEY, *_BASE_URL,
                     OPENAI_COMPATIBLE_BASE_URL with OPENAI_COMPATIBLE_API_KEY,
                     OPENAI_COMPATIBLE_DIALECT and OPENAI_COMPATIBLE_PATH for any
                     chat-completions server,
                     INTERLINGUA_API_KEYS, INTERLINGUA_SECRET)
  --host <host>      interface to listen on (default 127.0.0.1)
  --port <port>      port (default $INTERLINGUA_PORT, else 8787; 0 for any free port)
  --record <dir>     write every exchange that passes through to <dir>, secrets redacted
  --replay <file>    answer from these recordings (JSONL, HAR, ...) instead of any provider
  --data-dir <dir>   where stored responses, image tasks and images are kept across restarts
                     (default ./.interlingua); with Redis (redis.url in --config, or REDIS_URL)
                     everything is kept there instead, shared by every instance
  -h, --help         show this help

Telemetry (or a "telemetry" section in the --config file; see docs/observability.md):
  one log line per exchange on stdout (INTERLINGUA_LOG=json|pretty|off; default pretty on a
  terminal, else JSON); OTLP traces and metrics when OTEL_EXPORTER_OTLP_ENDPOINT (or another
  standard OTEL_EXPORTER_OTLP_* endpoint) is set; Prometheus /metrics on its own port with
  INTERLINGUA_METRICS_PORT, or on the gateway's port behind INTERLINGUA_METRICS_ADMIN_KEY.`;

/** What {@link startServe} started. */
export interface RunningServe {
  server: NodeServer;
  /** Where exchanges are being recorded, when `--record` was given. */
  recordingFile?: string;
  /** The image-task service mounted at `/img` and `/mj`, when the config has an `imageTask` section. */
  imageTask?: ImageTaskService;
  /** Where state is kept: the data folder, or the Redis URL. */
  state: { dataDir: string } | { redis: string };
  /** Stops listening, lets running image tasks finish, closes the stores and flushes telemetry. */
  stop(): Promise<void>;
  /** The OpenTelemetry SDK serve started (a no-op shutdown when telemetry is off). */
  telemetry: RunningTelemetry;
  /** The Prometheus `/metrics` server, when it has a port of its own. */
  metricsServer?: NodeServer;
}

/** Parses `serve` arguments and starts the gateway; resolves once it listens. */
export async function startServe(
  args: string[],
  io: CliIo,
  formats: RecordingFormats,
): Promise<RunningServe | undefined> {
  const { values } = parseArgs({
    args,
    options: {
      config: { type: "string" },
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "string" },
      record: { type: "string" },
      replay: { type: "string" },
      "data-dir": { type: "string", default: ".interlingua" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    io.stdout.write(`${serveHelp}\n`);
    return undefined;
  }
  const [portSource, portText] =
    values.port !== undefined
      ? ["--port", values.port]
      : ["INTERLINGUA_PORT", io.environment.INTERLINGUA_PORT ?? "8787"];
  const port = Number(portText);
  if (portText.trim() === "" || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliUsageError(`${portSource}: not a port number: ${portText}`);

  const configFile = await loadConfig(values.config, io);
  let config = configFile.gateway;
  // State: on Redis when configured (several instances), else in the data folder (one instance).
  const redisUrl = config.redis?.url ?? (io.environment.REDIS_URL || undefined);
  if (redisUrl !== undefined && config.redis === undefined) config = withRedis(config, redisUrl);
  if (configFile.imageTask?.queue !== undefined && config.redis === undefined)
    throw new CliUsageError("imageTask.queue needs Redis: set redis.url in the config, or REDIS_URL");
  const dataDir = resolve(values["data-dir"]);
  const storage: KeyValueStorage =
    config.redis !== undefined
      ? createRedisStorage(config.redis.url, config.redis.prefix)
      : createFolderStorage(dataDir);
  if (config.redis === undefined && config.stores === undefined) config = { ...config, stores: { storage } };
  const stateNote =
    config.redis === undefined
      ? `Keeping stored responses, image tasks and images in ${dataDir}\n`
      : `Keeping stored responses, image tasks and images on Redis at ${new URL(config.redis.url).host}\n`;
  const telemetrySettings = resolveTelemetry(configFile, io);
  let replay: { prompt: string | undefined } | undefined;
  // What serves the answers, said once the gateway listens (a busy port is then the only line).
  let notes = "";
  if (values.replay !== undefined) {
    const recordings = await readRecordings(values.replay, io, formats);
    config = replayConfig(config, createReplayProvider({ recordings, formats }));
    replay = { prompt: (await recordedPrompts(recordings, formats)).simple };
    notes = `Answering from the ${recordings.length} exchanges recorded in ${values.replay}.\n`;
  } else if (Object.keys(config.providers).length === 0) {
    const recordings = await readBundledRecordings(formats);
    config = replayConfig(config, createReplayProvider({ recordings, formats }));
    const prompts = await recordedPrompts(recordings, formats);
    replay = { prompt: prompts.simple };
    notes =
      "No provider key configured (set ANTHROPIC_API_KEY, GEMINI_API_KEY, OPENAI_API_KEY or " +
      `OPENAI_COMPATIBLE_BASE_URL, or pass --config):\n` +
      `answering from the ${recordings.length} recordings bundled with interlingua, for any model name.\n` +
      `Recorded prompts: ${prompts.all.map((prompt) => JSON.stringify(prompt)).join(" | ")}\n`;
  }

  // The image-task service needs the address serve listens on, known once it listens; one object
  // mounted at every prefix forwards to it.
  let imageTask: ImageTaskService | undefined;
  const imageTaskMount = { fetch: (request: Request) => imageTask!.fetch(request) };
  // Upstream calls get their own connect timeout, which only Node's fetch library can express.
  config =
    config.fetch === undefined
      ? { ...config, fetch: createNodeUpstreamFetch({ connectMs: config.timeouts?.connectMs }) }
      : config;
  const telemetry = startServeTelemetry(telemetrySettings, io.environment);
  config = observedConfig(config, telemetrySettings, io);
  const gateway = createGateway(
    configFile.imageTask === undefined
      ? config
      : {
          ...config,
          mounts: {
            ...config.mounts,
            ...Object.fromEntries(
              imageTaskMountPaths(configFile.imageTask).map((path) => [path, imageTaskMount]),
            ),
          },
        },
  );
  let handler = (request: Request) => gateway.fetch(request);
  const metricsSettings = telemetrySettings.metrics;
  const metricsEndpoint =
    telemetry.prometheusText &&
    createMetricsEndpoint(
      telemetry.prometheusText,
      metricsSettings && "adminKey" in metricsSettings ? metricsSettings.adminKey : undefined,
    );
  if (metricsEndpoint && metricsSettings && "adminKey" in metricsSettings) {
    const gatewayHandler = handler;
    handler = (request) =>
      new URL(request.url).pathname === "/metrics" ? metricsEndpoint(request) : gatewayHandler(request);
  }
  let recordingFile: string | undefined;
  if (values.record !== undefined) {
    await mkdir(values.record, { recursive: true });
    const file = join(values.record, `interlingua-${new Date().toISOString().replaceAll(":", "-")}.jsonl`);
    recordingFile = file;
    const recorded = recordExchanges(handler, {
      formats,
      onExchange: (exchange) => appendFile(file, `${JSON.stringify(exchange)}\n`),
      onError: (error) =>
        io.stderr.write(`interlingua: could not record an exchange: ${(error as Error).message}\n`),
    });
    handler = async (request) => recorded(request);
    notes += `Recording every exchange to ${file}\n`;
  }
  let server: NodeServer | undefined;
  let metricsServer: NodeServer | undefined;
  try {
    server = await listen(handler, values.host, port);
    if (metricsEndpoint && metricsSettings && "port" in metricsSettings)
      metricsServer = await listen(metricsEndpoint, metricsSettings.host, metricsSettings.port);
  } catch (error) {
    await server?.close();
    await telemetry.shutdown();
    throw error;
  }
  if (metricsServer) notes += `Prometheus metrics at ${metricsServer.url}/metrics\n`;
  else if (metricsEndpoint) notes += `Prometheus metrics at ${server.url}/metrics (with the admin key)\n`;
  if (configFile.imageTask !== undefined) {
    imageTask = createServeImageTaskService(configFile.imageTask, configFile.gateway, {
      listeningURL: server.url,
      gatewayFetch: (request) => gateway.fetch(request),
      storage,
      ...(config.redis === undefined ? {} : { redis: config.redis }),
      // The hook's origin only: its path or query may carry the receiver's token.
      onNotifyFailure: (failure) =>
        io.stderr.write(
          `interlingua: notify hook at ${hookOrigin(failure.hook)} for task ${failure.taskId} gave up after ${failure.attempts} attempt(s): ${failure.reason}\n`,
        ),
    });
  }
  io.stderr.write(
    notes +
      serveBanner({
        url: server.url,
        config,
        ...(replay === undefined ? {} : { replay }),
        ...(configFile.imageTask === undefined
          ? {}
          : { imageTask: { provider: configFile.imageTask.provider, model: configFile.imageTask.model } }),
      }) +
      stateNote,
  );
  const service = imageTask;
  let stopped: Promise<void> | undefined;
  return {
    server,
    telemetry,
    ...(metricsServer === undefined ? {} : { metricsServer }),
    ...(recordingFile === undefined ? {} : { recordingFile }),
    ...(service === undefined ? {} : { imageTask: service }),
    state: config.redis === undefined ? { dataDir } : { redis: config.redis.url },
    stop() {
      stopped ??= (async () => {
        await server.close();
        await metricsServer?.close();
        await service?.idle();
        await service?.close();
        await gateway.close();
        await storage.dispose();
        await telemetry.shutdown();
      })();
      return stopped;
    },
  };
}

/** The telemetry settings of the config file and environment; a bad one is the user's to fix. */
function resolveTelemetry(configFile: ServeConfigFile, io: CliIo): ServeTelemetry {
  let settings: ServeTelemetry;
  try {
    settings = resolveServeTelemetry(configFile.telemetry, io.environment, io.stdout.isTTY === true);
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  const metrics = settings.metrics;
  if (metrics && "adminKey" in metrics && configFile.gateway.auth?.keys.includes(metrics.adminKey))
    throw new CliUsageError("the metrics admin key must not be one of the callers' keys (auth.keys)");
  return settings;
}

/** The gateway's configuration with the exchange log as a hook and OpenTelemetry on only when something reads it. */
function observedConfig(config: GatewayConfig, telemetry: ServeTelemetry, io: CliIo): GatewayConfig {
  const hooks = [...(config.observe?.hooks ?? [])];
  if (telemetry.log !== "off") hooks.push(createExchangeLogger(telemetry.log, io.stdout));
  const exported = telemetry.otlp || telemetry.metrics !== undefined;
  return {
    ...config,
    observe: {
      ...config.observe,
      hooks,
      openTelemetry: exported ? { captureContent: telemetry.captureContent } : false,
    },
  };
}

/** Runs `interlingua serve` until SIGINT or SIGTERM; returns the exit code. */
export async function serveCommand(args: string[], io: CliIo, formats: RecordingFormats): Promise<number> {
  const running = await startServe(args, io, formats);
  if (!running) return 0;
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  io.stderr.write("interlingua: shutting down\n");
  await running.stop();
  return 0;
}

async function loadConfig(path: string | undefined, io: CliIo): Promise<ServeConfigFile> {
  try {
    if (path === undefined) return { gateway: gatewayConfigFromEnvironment(io.environment) };
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      throw new CliUsageError(
        `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new CliUsageError(`${path}: not valid JSON (${(error as Error).message})`);
    }
    return parseServeConfigFile(json);
  } catch (error) {
    if (error instanceof TypeError) throw new CliUsageError(error.message);
    throw error;
  }
}

/** Listens on `host:port`; a port in use or forbidden is the user's to change, said in one line. */
async function listen(handler: (request: Request) => Promise<Response>, host: string, port: number) {
  try {
    return await serveNode({ fetch: handler }, { host, port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint = { showUsage: false };
    if (code === "EADDRINUSE") throw new CliUsageError(`port ${port} is in use; pass --port`, hint);
    if (code === "EACCES") throw new CliUsageError(`port ${port} needs privileges; pass --port`, hint);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
      throw new CliUsageError(`cannot listen on host ${host}; pass --host`, hint);
    throw error;
  }
}

/** The configuration with its state on the Redis at `url` (from `REDIS_URL`), checked like `redis.url`. */
function withRedis(config: GatewayConfig, url: string): GatewayConfig {
  try {
    const { redis } = parseGatewayConfig({ providers: {}, routes: [], redis: { url } });
    return { ...config, ...(redis === undefined ? {} : { redis }) };
  } catch (error) {
    throw new CliUsageError(
      `REDIS_URL: ${(error as Error).message.replace(/^Invalid gateway config: /, "")}`,
    );
  }
}

/** The configuration with every model routed to the replay provider. */
function replayConfig(config: GatewayConfig, provider: ChatProvider): GatewayConfig {
  return { ...config, providers: { replay: provider }, routes: [{ model: "*", provider: "replay" }] };
}

async function readRecordings(
  path: string,
  io: CliIo,
  formats: RecordingFormats,
): Promise<RecordedExchange[]> {
  const input = await openInput(path, io);
  const exchanges: RecordedExchange[] = [];
  try {
    for await (const exchange of readExchanges(input.source, { formats, name: input.name }))
      exchanges.push(exchange);
  } catch (error) {
    if (error instanceof RecordingInputError) throw new CliUsageError(error.message);
    throw error;
  }
  return exchanges;
}

/**
 * The distinct last user texts of the recordings (read canonically), to tell a newcomer what to
 * ask, and the first that a request with just that text matches (no instructions, no tools, one
 * user message), for the banner's `curl` commands.
 */
async function recordedPrompts(
  recordings: readonly RecordedExchange[],
  formats: RecordingFormats,
): Promise<{ all: string[]; simple: string | undefined }> {
  const prompts = new Set<string>();
  let simple: string | undefined;
  for (const recording of recordings) {
    const request = (await decodeExchange(recording, formats)).request;
    const user = request?.messages.filter((message) => message.role === "user").at(-1);
    const text = user?.parts.find((part) => part.type === "text");
    if (text?.type !== "text") continue;
    prompts.add(text.text);
    const alone =
      request?.messages.length === 1 &&
      user?.parts.length === 1 &&
      (request.instructions ?? []).length === 0 &&
      (request.tools ?? []).length === 0;
    if (alone && recording.response?.status === 200) simple ??= text.text;
  }
  return { all: [...prompts], simple };
}

/** The origin of a hook URL, for logs (its path and query may hold a token). */
function hookOrigin(hook: string): string {
  try {
    return new URL(hook).origin;
  } catch {
    return "(not a URL)";
  }
}
