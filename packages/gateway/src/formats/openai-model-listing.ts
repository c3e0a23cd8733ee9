import { decodePathSegment } from "@interlingua/core";
import type { ListedModel, ModelListingBinding } from "./gateway-format";
import { listModelIds } from "./list-model-ids";

const modelsPath = /^\/v1\/models(?:\/([^/]+))?\/?$/;

function describe(model: ListedModel) {
  return { id: model.id, object: "model", created: 0, owned_by: model.provider };
}

/**
 * `GET /v1/models` (and `/v1/models/{model}`) in the list shape OpenAI's clients read, shared by the
 * two OpenAI formats (responses, chat-completions); an upstream is listed at `/v1/models`, or at
 * `/models` under a base URL that already ends with its version (`http://127.0.0.1:11434/v1`).
 */
export const openAiModelListing: ModelListingBinding = {
  match(request, url) {
    const match = modelsPath.exec(url.pathname);
    // A key presented the Google way is a generate-content caller's, whose paths (`models/{m}:method`) these are not.
    if (!match || request.headers.has("x-goog-api-key") || url.searchParams.has("key")) return undefined;
    return match[1] === undefined ? {} : { model: decodePathSegment(match[1], "model") };
  },
  encodeList: (models) => ({ object: "list", data: models.map(describe) }),
  encodeModel: describe,
  listUpstream: (options, signal) =>
    listModelIds(options, signal, {
      path: /\/v\d+[a-z]*\/*$/i.test(options.baseURL) ? "/models" : "/v1/models",
      headers: options.apiKey === "" ? {} : { authorization: `Bearer ${options.apiKey}` },
      read: (page) => ({ ids: (page as { data?: { id?: unknown }[] }).data?.map((model) => model.id) }),
    }),
};
