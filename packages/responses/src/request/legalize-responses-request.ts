import { type ConversionContext, pointer } from "@interlingua/core";
import { responsesDigest } from "../responses-digest";
import { isWireObject, type WireObject } from "../responses-extensions";
import { ResponsesServiceTier } from "../wire/responses-request-schema";
import {
  findResponsesModelFamily,
  nearestResponsesEffort,
  type ResponsesModelFamily,
  responsesSamplingRules,
} from "./responses-model-families";
import { strictSchemaProblem } from "./strict-schema-problem";

/** The smallest `max_output_tokens` the API takes. */
export const minimumResponsesOutputTokens = 16;

/** The most `top_logprobs` the API takes. */
const maximumTopLogprobs = 20;

/** The longest `user`, `safety_identifier` or `prompt_cache_key` the API takes. */
const maximumIdentifierLength = 64;

/** Identifier fields and the canonical paths their losses are reported at. */
const identifierFields = [
  ["user", "/user"],
  ["safety_identifier", "/safetyIdentifier"],
  ["prompt_cache_key", "/promptCacheKey"],
] as const;

const serviceTiers = new Set<string>(ResponsesServiceTier.options);

/** What a `json_schema` format's `name` may be. */
const formatName = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Makes an encoded responses request one the API accepts, each change a reported loss. The rules,
 * from the API reference (platform.openai.com/docs/api-reference/responses/create), the vendor
 * spec (specs/vendor/openai/responses-api.openapi.json) and the reasoning guide
 * (platform.openai.com/docs/guides/reasoning):
 * - `max_output_tokens` is at least 16: lower values are raised.
 * - `top_logprobs` is 0 to 20: a value outside is brought to the nearest bound.
 * - `service_tier` is one of the spec's tiers: the messages `standard_only` becomes `default`,
 *   others are dropped.
 * - `user`, `safety_identifier` and `prompt_cache_key` are at most 64 characters: a longer one is
 *   sent as its SHA-256 digest (64 hex characters, the same for the same value).
 * - A model that does not reason (`families`) takes no reasoning effort: `reasoning` is dropped. One
 *   that does takes the efforts its family lists: another becomes the nearest of them.
 * - A model that reasons takes `temperature` and `top_p` only at their default 1: other values are
 *   dropped.
 * - A `json_schema` format's `name` is 1 to 64 letters, digits, `_` or `-`: other characters become
 *   `_`, a longer name is cut, an empty one is `output`.
 * - A strict function tool or `json_schema` format has a schema strict mode takes (every object
 *   closed, every property required): another is sent without `strict` (a tool's checked as it is
 *   encoded, {@link legalizeStrictTool}, where its canonical place is known).
 * And one addition that is no loss: a request from another format (`storeOmitted` unmarked) that
 * reasons and does not say `store` is sent with `store: false` and
 * `include: ["reasoning.encrypted_content"]`, so its reasoning comes back as state the caller can
 * replay. A responses caller's requests, which the decoder holds to the same rules, pass unchanged.
 */
export function legalizeResponsesRequest(
  body: WireObject,
  storeOmitted: boolean,
  families: readonly ResponsesModelFamily[],
  context: ConversionContext,
): void {
  if (typeof body.max_output_tokens === "number" && body.max_output_tokens < minimumResponsesOutputTokens) {
    context.lose(
      "approximated",
      "/maxOutputTokens",
      `max_output_tokens ${body.max_output_tokens} raised to ${minimumResponsesOutputTokens}, the responses minimum`,
    );
    body.max_output_tokens = minimumResponsesOutputTokens;
  }
  const topLogprobs = body.top_logprobs;
  if (typeof topLogprobs === "number" && (topLogprobs < 0 || topLogprobs > maximumTopLogprobs)) {
    body.top_logprobs = Math.min(Math.max(topLogprobs, 0), maximumTopLogprobs);
    context.lose(
      "approximated",
      "/topLogprobs",
      `top_logprobs ${topLogprobs} sent as ${body.top_logprobs}, within the responses range 0 to ${maximumTopLogprobs}`,
    );
  }
  if (typeof body.service_tier === "string" && !serviceTiers.has(body.service_tier)) {
    if (body.service_tier === "standard_only") {
      context.lose("approximated", "/serviceTier", "service tier standard_only sent as default");
      body.service_tier = "default";
    } else {
      context.lose(
        "dropped",
        "/serviceTier",
        `the responses format has no ${body.service_tier} service tier`,
      );
      delete body.service_tier;
    }
  }
  for (const [field, path] of identifierFields) {
    const value = body[field];
    if (typeof value !== "string" || value.length <= maximumIdentifierLength) continue;
    context.lose(
      "approximated",
      path,
      `a ${field} of ${value.length} characters sent as its SHA-256 digest, within the 64-character limit`,
    );
    body[field] = responsesDigest(value);
  }
  legalizeFormatName(body, context);
  legalizeStrictSchemas(body, context);
  legalizeEffort(body, families, context);
  const rules = responsesSamplingRules(body.model as string, body.reasoning, families);
  if (!rules.sampling) {
    for (const [field, path] of [
      ["temperature", "/temperature"],
      ["top_p", "/topP"],
    ] as const) {
      const value = body[field];
      if (typeof value !== "number" || value === 1) continue;
      context.lose(
        "dropped",
        path,
        `${field} ${value} cannot be sent to a reasoning model (${rules.family})`,
      );
      delete body[field];
    }
  }
  if (rules.reasons && !storeOmitted && body.store === undefined) {
    body.store = false;
    const include = Array.isArray(body.include) ? [...(body.include as string[])] : [];
    if (!include.includes("reasoning.encrypted_content")) include.push("reasoning.encrypted_content");
    body.include = include;
  }
}

/**
 * A strict function tool whose schema strict mode does not take (every object closed, every property
 * required) sent without `strict`, with a loss at the tool's canonical `path`: called by the tool
 * encoder, whose wire list leaves out tools and regroups namespaces, so a wire index is not the
 * caller's.
 */
export function legalizeStrictTool(tool: WireObject, path: string, context: ConversionContext): void {
  if (tool.strict !== true) return;
  const problem = strictSchemaProblem(tool.parameters);
  if (problem === undefined) return;
  context.lose(
    "dropped",
    pointer(path, "strict"),
    `the schema at parameters${problem} does not meet strict mode's rules (objects closed, every property required); sent without strict`,
  );
  tool.strict = false;
}

function legalizeFormatName(body: WireObject, context: ConversionContext): void {
  const format = (body.text as WireObject | undefined)?.format as WireObject | undefined;
  if (format?.type !== "json_schema" || typeof format.name !== "string" || formatName.test(format.name))
    return;
  const name = format.name.replaceAll(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) || "output";
  context.lose(
    "approximated",
    "/outputFormat/name",
    `the output format name ${JSON.stringify(format.name)} sent as ${name}`,
  );
  format.name = name;
}

function legalizeEffort(
  body: WireObject,
  families: readonly ResponsesModelFamily[],
  context: ConversionContext,
): void {
  const reasoning = body.reasoning;
  if (!isWireObject(reasoning) || typeof reasoning.effort !== "string") return;
  const family = findResponsesModelFamily(body.model as string, families);
  if (family === undefined) return;
  if (!family.reasoning) {
    context.lose("dropped", "/reasoning", `${body.model} (${family.name}) does not reason`);
    delete body.reasoning;
    return;
  }
  const nearest = nearestResponsesEffort(family, reasoning.effort);
  if (nearest === undefined) return;
  context.lose(
    "approximated",
    "/reasoning/effort",
    `reasoning effort ${reasoning.effort} sent as ${nearest}, the nearest ${family.name} takes`,
  );
  body.reasoning = { ...reasoning, effort: nearest };
}

/** A strict `json_schema` format's schema strict mode takes (a strict tool's: {@link legalizeStrictTool}). */
function legalizeStrictSchemas(body: WireObject, context: ConversionContext): void {
  const format = (body.text as WireObject | undefined)?.format as WireObject | undefined;
  if (format?.type !== "json_schema" || format.strict !== true) return;
  const problem = strictSchemaProblem(format.schema);
  if (problem === undefined) return;
  context.lose(
    "dropped",
    "/outputFormat/strict",
    `the output schema at ${problem || "its root"} does not meet strict mode's rules (objects closed, every property required); sent without strict`,
  );
  format.strict = false;
}
