import type { GatewayConfig } from "@interlingua/gateway";

/** What the runtime matrix hands each runtime's server: the caller key and one upstream per format. */
export interface RuntimeGatewaySettings {
  apiKey: string;
  upstreams: Record<"messages" | "generate-content" | "responses" | "chat-completions", string>;
}

/**
 * The gateway every runtime serves: model `gpt-5-<format>` goes to the local upstream of that
 * format. Built inside each runtime from the settings it was given.
 */
export function runtimeGatewayConfig(settings: RuntimeGatewaySettings): GatewayConfig {
  const formats = Object.keys(settings.upstreams) as (keyof RuntimeGatewaySettings["upstreams"])[];
  return {
    auth: { keys: [settings.apiKey] },
    providers: Object.fromEntries(
      formats.map((format) => [
        format,
        { type: format, baseURL: settings.upstreams[format], apiKey: `upstream-${format}` },
      ]),
    ),
    routes: formats.map((format) => ({
      model: `gpt-5-${format}`,
      provider: format,
      upstreamModel: "upstream-model",
    })),
  };
}
