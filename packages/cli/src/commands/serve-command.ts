import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { ChatProvider } from "@interlingua/core";
import { createGateway, type GatewayConfig, gatewayConfigFromEnvironment } from "@interlingua/gateway";
import { createNodeUpstreamFetch, type NodeServer, serveNode } from "@interlingua/gateway/node";
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
                     OPENAI_COMPATIBLE_BASE_URL with OPENAI_COMPATIBLE_API_KEY and
                     OPENAI_COMPATIBLE_DIALECT for any chat-completions server,
                     INTERLINGUA_API_KEYS, INTERLINGUA_SECRET)
  --host <host>      interface to listen on (default 127.0.0.1)
  --port <port>      port (default $INTERLINGUA_PORT, else 8787; 0 for any free port)
  --record <dir>     write every exchange that passes through to <dir>, secrets redacted
  --replay <file>    answer from these recordings (JSONL, HAR, ...) instead of any provider
  -h, --help         show this help`;

/** What {@link startServe} started. */
export interface RunningServe {
  server: NodeServer;
  /** Where exchanges are being recorded, when `--record` was given. */
  recordingFile?: string;
  /** The image-task service mounted at `/img` and `/mj`, when the config has an `imageTask` section. */
  imageTask?: ImageTaskService;
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
  const server = await listen(handler, values.host, port);
  if (configFile.imageTask !== undefined) {
    imageTask = createServeImageTaskService(configFile.imageTask, configFile.gateway, {
      listeningURL: server.url,
      gatewayFetch: (request) => gateway.fetch(request),
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
      }),
  );
  return {
    server,
    ...(recordingFile === undefined ? {} : { recordingFile }),
    ...(imageTask === undefined ? {} : { imageTask }),
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
  await running.server.close();
  await running.imageTask?.idle();
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
