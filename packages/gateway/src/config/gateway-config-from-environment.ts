import type { GatewayConfig, RouteConfig, VendorProviderConfig } from "./gateway-config-schema";
import { parseGatewayConfig } from "./gateway-config-schema";

interface EnvironmentProvider {
  name: string;
  keyVariable: string;
  baseUrlVariable: string;
  /** The base URL when its variable is unset; without one, the provider needs its base URL set. */
  defaultBaseURL?: string;
  type: VendorProviderConfig["type"];
  models: string[];
  /** A variable naming the server's dialect (chat-completions). */
  dialectVariable?: string;
  /** A variable naming the path of chat completions under the base URL (chat-completions). */
  pathVariable?: string;
  /** A variable listing (comma-separated globs) the models routed to it, added to `models`; none: not enabled. */
  modelsVariable?: string;
}

const environmentProviders: EnvironmentProvider[] = [
  {
    name: "anthropic",
    keyVariable: "ANTHROPIC_API_KEY",
    baseUrlVariable: "ANTHROPIC_BASE_URL",
    defaultBaseURL: "https://api.anthropic.com",
    type: "messages",
    models: ["claude-*"],
  },
  {
    // The same Gemini upstream through its Interactions API, for the models `GEMINI_INTERACTIONS_MODELS`
    // names (comma-separated globs); before the generate-content provider so that they go here.
    name: "gemini-interactions",
    keyVariable: "GEMINI_API_KEY",
    baseUrlVariable: "GEMINI_BASE_URL",
    defaultBaseURL: "https://generativelanguage.googleapis.com",
    type: "interactions",
    models: [],
    modelsVariable: "GEMINI_INTERACTIONS_MODELS",
  },
  {
    name: "gemini",
    keyVariable: "GEMINI_API_KEY",
    baseUrlVariable: "GEMINI_BASE_URL",
    defaultBaseURL: "https://generativelanguage.googleapis.com",
    type: "generate-content",
    models: ["gemini-*", "gemma-*"],
  },
  {
    name: "openai",
    keyVariable: "OPENAI_API_KEY",
    baseUrlVariable: "OPENAI_BASE_URL",
    defaultBaseURL: "https://api.openai.com",
    type: "responses",
    models: ["gpt-*", "o1*", "o3*", "o4*", "chatgpt-*", "codex-*"],
  },
  {
    // Any chat-completions server (vLLM, Ollama, llama.cpp, OpenRouter, ...): every model the
    // providers above do not take. A local server may need no key.
    name: "openai-compatible",
    keyVariable: "OPENAI_COMPATIBLE_API_KEY",
    baseUrlVariable: "OPENAI_COMPATIBLE_BASE_URL",
    type: "chat-completions",
    models: ["*"],
    dialectVariable: "OPENAI_COMPATIBLE_DIALECT",
    pathVariable: "OPENAI_COMPATIBLE_PATH",
  },
];

/**
 * A configuration from environment variables alone: a provider for each of `ANTHROPIC_API_KEY`,
 * `GEMINI_API_KEY` and `OPENAI_API_KEY` that is set (base URLs from `*_BASE_URL`, a trailing `/v1`
 * removed), routed by model family (`claude-*`, `gemini-*`, `gpt-*`, ...), the Gemini models
 * `GEMINI_INTERACTIONS_MODELS` names (globs) through the Interactions API instead, and for
 * `OPENAI_COMPATIBLE_BASE_URL` a chat-completions server (key `OPENAI_COMPATIBLE_API_KEY`, none
 * needed; dialect `OPENAI_COMPATIBLE_DIALECT`; path `OPENAI_COMPATIBLE_PATH`) that takes every other model. `INTERLINGUA_API_KEYS`
 * (comma-separated) become `auth.keys`, `INTERLINGUA_SECRET` the sealing secret.
 */
export function gatewayConfigFromEnvironment(environment: Record<string, string | undefined>): GatewayConfig {
  const providers: Record<string, VendorProviderConfig> = {};
  const routes: RouteConfig[] = [];
  for (const provider of environmentProviders) {
    const apiKey = environment[provider.keyVariable];
    const setBaseURL = environment[provider.baseUrlVariable];
    // A provider with a default base URL is enabled by its key; one without, by its base URL.
    if (provider.defaultBaseURL === undefined ? !setBaseURL : !apiKey) continue;
    const models = [
      ...provider.models,
      ...(provider.modelsVariable ? (environment[provider.modelsVariable] ?? "").split(",") : [])
        .map((model) => model.trim())
        .filter((model) => model !== ""),
    ];
    if (models.length === 0) continue;
    const baseURL = (setBaseURL || provider.defaultBaseURL || "").replace(/\/(v1|v1beta)\/*$/, "");
    const entry: VendorProviderConfig = { type: provider.type, baseURL, apiKey: apiKey ?? "" };
    const dialect = provider.dialectVariable && environment[provider.dialectVariable];
    if (dialect) entry.dialect = dialect as VendorProviderConfig["dialect"];
    const path = provider.pathVariable && environment[provider.pathVariable];
    if (path) entry.path = path;
    providers[provider.name] = entry;
    for (const model of models) routes.push({ model, provider: provider.name });
  }
  const keys = (environment.INTERLINGUA_API_KEYS ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key !== "");
  const config: Record<string, unknown> = { providers, routes };
  if (keys.length > 0) config.auth = { keys };
  if (environment.INTERLINGUA_SECRET) config.secret = environment.INTERLINGUA_SECRET;
  return parseGatewayConfig(config);
}
