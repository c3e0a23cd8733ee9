import type { GatewayConfig, RouteConfig, VendorProviderConfig } from "./gateway-config-schema";
import { parseGatewayConfig } from "./gateway-config-schema";

interface EnvironmentProvider {
  name: string;
  keyVariable: string;
  baseUrlVariable: string;
  defaultBaseURL: string;
  type: VendorProviderConfig["type"];
  models: string[];
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
];

/**
 * A configuration from environment variables alone: a provider for each of `ANTHROPIC_API_KEY`,
 * `GEMINI_API_KEY` and `OPENAI_API_KEY` that is set (base URLs from `*_BASE_URL`, a trailing `/v1`
 * removed), routed by model family (`claude-*`, `gemini-*`, `gpt-*`, ...). `INTERLINGUA_API_KEYS`
 * (comma-separated) become `auth.keys`, `INTERLINGUA_SECRET` the sealing secret.
 */
export function gatewayConfigFromEnvironment(environment: Record<string, string | undefined>): GatewayConfig {
  const providers: Record<string, VendorProviderConfig> = {};
  const routes: RouteConfig[] = [];
  for (const provider of environmentProviders) {
    const apiKey = environment[provider.keyVariable];
    if (!apiKey) continue;
    const baseURL = (environment[provider.baseUrlVariable] || provider.defaultBaseURL).replace(
      /\/(v1|v1beta)\/*$/,
      "",
    );
    providers[provider.name] = { type: provider.type, baseURL, apiKey };
    for (const model of provider.models) routes.push({ model, provider: provider.name });
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
