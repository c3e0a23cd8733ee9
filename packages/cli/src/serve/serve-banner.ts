import { type GatewayConfig, type GatewayFormatId, gatewayFormatIds } from "@interlingua/gateway";

/** What {@link serveBanner} describes. */
export interface ServeBannerOptions {
  /** The address the gateway listens on (`http://127.0.0.1:8787`). */
  url: string;
  /** The configuration as served. */
  config: GatewayConfig;
  /**
   * When answering from recordings: a prompt one of them answers (a lone user text, no
   * instructions, no tools), for the copy-paste `curl` commands; undefined when none is that simple.
   */
  replay?: { prompt: string | undefined };
  /** The image-task line, when the image-task interface is mounted. */
  imageTask?: { provider: string; model: string };
}

/** The order formats are listed in. */
const bannerOrder: readonly GatewayFormatId[] = [
  "messages",
  "responses",
  "chat-completions",
  "generate-content",
  "interactions",
];

/** Model names the sample commands ask for; offline, any name is answered. */
const sampleModels: Record<GatewayFormatId, string> = {
  messages: "claude-sonnet-4-5",
  responses: "gpt-5",
  "chat-completions": "gpt-4.1",
  "generate-content": "gemini-2.5-flash",
  interactions: "gemini-3-flash-preview",
};

/**
 * The lines `interlingua serve` prints once it listens: the address, whether callers need a key,
 * each served format's endpoint (generate-content under both `/v1beta/` and `/v1/`), and then
 * either one copy-paste `curl` per format that the recordings answer (offline) or the routes from
 * model names to providers.
 */
export function serveBanner(options: ServeBannerOptions): string {
  const { url, config, replay } = options;
  const open = config.auth === undefined;
  const fronts: readonly GatewayFormatId[] = config.fronts ?? gatewayFormatIds;
  const key = open ? "any" : "KEY";
  const lines = [
    `interlingua gateway listening on ${url}`,
    open
      ? replay
        ? "Callers need no key: any API key is accepted offline."
        : "Callers need no key: any API key is accepted."
      : `Callers present one of the configured keys${replay?.prompt === undefined ? "" : " (in place of KEY below)"}.`,
  ];
  const endpoints: Record<GatewayFormatId, string> = {
    messages: `POST ${url}/v1/messages`,
    responses: `POST ${url}/v1/responses`,
    "chat-completions": `POST ${url}/v1/chat/completions`,
    "generate-content":
      `POST ${url}/v1beta/models/<model>:generateContent, or under /v1/ ` +
      "(:streamGenerateContent?alt=sse streams)",
    interactions: `POST ${url}/v1beta/interactions, or under /v1/ ("stream": true streams)`,
  };
  const served = bannerOrder.filter((format) => fronts.includes(format));
  if (replay?.prompt !== undefined) {
    lines.push("Try each format (copy and paste; any model name is answered from the recordings):");
    for (const format of served)
      lines.push(`  ${format}: ${endpoints[format]}`, `    ${sampleCurl(format, url, key, replay.prompt)}`);
  } else {
    for (const format of served) lines.push(`  ${`${format}:`.padEnd(18)} ${endpoints[format]}`);
  }
  if (!replay) {
    lines.push("Routes (the first whose model matches answers):");
    for (const route of config.routes) lines.push(`  ${describeRoute(route, config)}`);
    if (config.routes.length === 0) lines.push("  none: every chat request is answered 404");
  }
  if (options.imageTask)
    lines.push(
      `  image tasks:       POST ${url}/img/submit/imagine (also /mj/), images by ` +
        `${options.imageTask.provider} ${options.imageTask.model}`,
    );
  return `${lines.join("\n")}\n`;
}

/** A `curl` command asking `prompt` in one format, quoted for a POSIX shell. */
export function sampleCurl(format: GatewayFormatId, url: string, key: string, prompt: string): string {
  const model = sampleModels[format];
  const request = {
    messages: {
      path: "/v1/messages",
      headers: [`x-api-key: ${key}`, "anthropic-version: 2023-06-01"],
      body: { model, max_tokens: 256, messages: [{ role: "user", content: prompt }] },
    },
    responses: {
      path: "/v1/responses",
      headers: [`authorization: Bearer ${key}`],
      body: { model, input: prompt },
    },
    "chat-completions": {
      path: "/v1/chat/completions",
      headers: [`authorization: Bearer ${key}`],
      body: { model, messages: [{ role: "user", content: prompt }] },
    },
    "generate-content": {
      path: `/v1beta/models/${model}:generateContent`,
      headers: [`x-goog-api-key: ${key}`],
      body: { contents: [{ role: "user", parts: [{ text: prompt }] }] },
    },
    interactions: {
      path: "/v1beta/interactions",
      headers: [`x-goog-api-key: ${key}`],
      body: { model, input: prompt },
    },
  }[format];
  const headers = ["content-type: application/json", ...request.headers]
    .map((header) => `-H ${shellQuote(header)}`)
    .join(" ");
  return `curl -sS ${url}${request.path} ${headers} -d ${shellQuote(JSON.stringify(request.body))}`;
}

function describeRoute(route: GatewayConfig["routes"][number], config: GatewayConfig): string {
  const provider = config.providers[route.provider];
  const upstream =
    provider !== undefined && "baseURL" in provider ? ` (${provider.type} at ${provider.baseURL})` : "";
  const renamed = route.upstreamModel === undefined ? "" : `, asked as ${route.upstreamModel}`;
  return `${route.model}  ->  ${route.provider}${upstream}${renamed}`;
}

/** `text` in single quotes, its own single quotes closed, escaped and reopened. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
