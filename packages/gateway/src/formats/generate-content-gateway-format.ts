import { decodePathSegment } from "@interlingua/core";
import type { GeminiThinkingFamily } from "@interlingua/generate-content";
import {
  generateContentApiVersion,
  generateContentErrorToWire,
  generateContentHttpBinding,
  generateContentProviderCapabilities,
} from "@interlingua/generate-content/http";
import { modelGlobPattern } from "../routing/model-glob-pattern";
import { createLazyCodec } from "./create-lazy-codec";
import { createLazyProvider } from "./create-lazy-provider";
import type { GatewayFormat, ListedModel } from "./gateway-format";
import { generateContentTokenCount } from "./generate-content-token-count";
import { createLazyModule } from "./lazy-module";
import { listModelIds } from "./list-model-ids";

/** The generate-content codec and provider, loaded on the format's first use. */
const generateContent = createLazyModule(
  "generate-content format",
  () => import("@interlingua/generate-content"),
);

const modelsPath = /^\/(?:v1beta|v1|v1alpha)\/models(?:\/([^/:]+))?\/?$/;

function describe(model: ListedModel) {
  return {
    name: `models/${model.id}`,
    version: "001",
    displayName: model.id,
    supportedGenerationMethods: ["generateContent", "streamGenerateContent"],
  };
}

/**
 * The generate-content format in the gateway. Its model listing is `GET /v1beta/models` (or
 * `/v1/models`), told apart from the others' `/v1/models` by the key its clients present the Google
 * way (`x-goog-api-key` or `?key=`) or the `x-goog-api-client` header its SDKs send.
 */
export const generateContentGatewayFormat: GatewayFormat = {
  codec: createLazyCodec(
    { id: "generate-content", http: generateContentHttpBinding, errorToWire: generateContentErrorToWire },
    generateContent,
    (module) => module.generateContentCodec,
  ),
  load: generateContent.load,
  toolCallsCarryState: true,
  passThroughHeaders: [],
  // `:streamGenerateContent` answers with server-sent events only when asked with `alt=sse`.
  streamFraming: (url) => (url.searchParams.get("alt") === "sse" ? "sse" : "json-array"),
  createProvider: ({ modelRules, ...options }) =>
    createLazyProvider(
      generateContent,
      { id: "generate-content", capabilities: generateContentProviderCapabilities },
      (module) =>
        module.createGenerateContentProvider({
          ...options,
          thinkingFamilies: modelRules?.flatMap((rule): [RegExp, GeminiThinkingFamily][] => {
            if (rule.thinkingLevels)
              return [[modelGlobPattern(rule.model), { setting: "level", levels: rule.thinkingLevels }]];
            if (rule.thinkingBudget)
              return [[modelGlobPattern(rule.model), { setting: "budget", ...rule.thinkingBudget }]];
            return [];
          }),
          jsonSchemaModels: modelRules?.flatMap((rule) =>
            rule.jsonSchema ? [modelGlobPattern(rule.model)] : [],
          ),
        }),
    ),
  models: {
    match(request, url) {
      const match = modelsPath.exec(url.pathname);
      if (!match) return undefined;
      const headers = request.headers;
      const google =
        url.pathname.startsWith("/v1beta/") ||
        headers.has("x-goog-api-key") ||
        headers.has("x-goog-api-client") ||
        url.searchParams.has("key");
      if (!google) return undefined;
      return match[1] === undefined
        ? {}
        : { model: decodePathSegment(match[1], "model").replace(/^models\//, "") };
    },
    encodeList: (models) => ({ models: models.map(describe) }),
    encodeModel: describe,
    listUpstream: (options, signal) =>
      listModelIds(options, signal, {
        path: `/${generateContentApiVersion}/models`,
        headers: { "x-goog-api-key": options.apiKey },
        first: { pageSize: "1000" },
        read(page) {
          const { models, nextPageToken } = page as {
            models?: { name?: unknown }[];
            nextPageToken?: unknown;
          };
          const ids = models?.map((model) =>
            typeof model.name === "string" ? model.name.replace(/^models\//, "") : undefined,
          );
          const next =
            typeof nextPageToken === "string" && nextPageToken !== ""
              ? { pageSize: "1000", pageToken: nextPageToken }
              : undefined;
          return { ids, next };
        },
      }),
  },
  owns: {
    path: (url) =>
      url.pathname.startsWith("/v1beta/") || /^\/(?:v1|v1alpha)\/models\/[^/]*:/.test(url.pathname),
    caller: (headers) => headers.has("x-goog-api-key"),
  },
  tokenCount: generateContentTokenCount,
};
