import {
  type CodecHttpBinding,
  decodePathSegment,
  type UpstreamRequest,
  type UpstreamRequestOptions,
} from "@interlingua/core";
import { readGenerateContentApiKey } from "@interlingua/generate-content/http";
import type { InteractionsRequest } from "../wire/interactions-request-schema";

/** The API version the provider calls unless told otherwise. */
export const interactionsApiVersion = "v1beta";

const createPath = /^(?:.*)\/(v1beta|v1|v1alpha)\/interactions$/;
const resourcePath = /^(?:.*)\/(v1beta|v1|v1alpha)\/interactions\/([^/:]+?)(\/cancel|:cancel)?$/;

/** What an interactions URL names: the create endpoint, or one interaction (and whether it is its cancel). */
export type InteractionsPath =
  | { kind: "create"; apiVersion: string }
  | { kind: "resource"; apiVersion: string; id: string; cancel: boolean };

/**
 * What an interactions URL path names: `POST /{v1beta|v1}/interactions` (create), or
 * `/{version}/interactions/{id}` (retrieve, delete) and `/{version}/interactions/{id}/cancel`;
 * undefined for any other path. The id is percent-decoded (an invalid encoding is refused naming `id`).
 */
export function matchInteractionsPath(pathname: string): InteractionsPath | undefined {
  const create = createPath.exec(pathname);
  if (create) return { kind: "create", apiVersion: create[1]! };
  const resource = resourcePath.exec(pathname);
  if (!resource) return undefined;
  return {
    kind: "resource",
    apiVersion: resource[1]!,
    id: decodePathSegment(resource[2]!, "id"),
    cancel: resource[3] !== undefined,
  };
}

/**
 * The upstream create call for a body: `POST {baseURL}/{apiVersion}/interactions` with the key in
 * `x-goog-api-key`, asking for server-sent events when streaming (the body's `stream` says so too).
 */
export function buildInteractionsUpstreamRequest(
  options: UpstreamRequestOptions<InteractionsRequest>,
  apiVersion: string = interactionsApiVersion,
): UpstreamRequest {
  const body: InteractionsRequest = { ...options.body, model: options.model.replace(/^models\//, "") };
  if (options.stream) body.stream = true;
  else delete body.stream;
  return {
    url: `${options.baseURL.replace(/\/+$/, "")}/${apiVersion}/interactions`,
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: options.stream ? "text/event-stream" : "application/json",
      "x-goog-api-key": options.apiKey,
      ...options.headers,
    },
    body: JSON.stringify(body),
  };
}

/** The interactions format on HTTP: its create endpoint, the key as generate-content reads it. */
export const interactionsHttpBinding: CodecHttpBinding<InteractionsRequest> = {
  matchChatRequest(method, url) {
    if (method.toUpperCase() !== "POST") return undefined;
    return matchInteractionsPath(url.pathname)?.kind === "create" ? {} : undefined;
  },
  readApiKey: readGenerateContentApiKey,
  buildUpstreamRequest: (options) => buildInteractionsUpstreamRequest(options),
};
