import { type ConversionContext, pointer } from "@interlingua/core";
import { chatCompletionsFormatId, type WireObject } from "../chat-completions-extensions";
import {
  type ChatCompletionsModelFamily,
  findChatCompletionsModelFamily,
  nearestChatCompletionsEffort,
} from "./chat-completions-model-families";

/** Numeric ranges of the spec's `CreateChatCompletionRequest`, by wire field, with the canonical path of each. */
const ranges = [
  ["temperature", 0, 2, "/temperature"],
  ["top_p", 0, 1, "/topP"],
  ["presence_penalty", -2, 2, "/presencePenalty"],
  ["frequency_penalty", -2, 2, "/frequencyPenalty"],
  ["top_logprobs", 0, 20, "/topLogprobs"],
  ["n", 1, 128, "/candidateCount"],
  ["max_completion_tokens", 1, Number.POSITIVE_INFINITY, "/maxOutputTokens"],
  ["max_tokens", 1, Number.POSITIVE_INFINITY, "/maxOutputTokens"],
] as const;

/** The canonical path a wire field's loss is reported at. */
const canonicalPaths: Record<string, string> = {
  temperature: "/temperature",
  top_p: "/topP",
  presence_penalty: "/presencePenalty",
  frequency_penalty: "/frequencyPenalty",
  logprobs: "/logprobs",
  top_logprobs: "/topLogprobs",
  logit_bias: pointer("/extensions", chatCompletionsFormatId, "logit_bias"),
  reasoning_effort: "/reasoning",
};

/** The service tiers the API takes (spec `ServiceTier`). */
const serviceTiers = new Set(["auto", "default", "flex", "scale", "priority", "fast"]);

/** The most stop sequences the API takes (spec `StopConfiguration`). */
const maximumStopSequences = 4;

/**
 * Makes an encoded chat-completions request one the upstream accepts, each change a reported loss.
 * The rules, from the vendor spec (specs/vendor/openai/chat-completions-api.openapi.json), OpenAI's
 * reasoning guide and DeepSeek's reasoning model guide (see `defaultChatCompletionsModelFamilies`):
 * - `temperature` 0–2, `top_p` 0–1, penalties −2–2, `top_logprobs` 0–20, `n` 1–128 and a token
 *   limit of at least 1: a value outside is brought to the nearest bound; `top_logprobs` without
 *   `logprobs` turns `logprobs` on.
 * - `stop` holds at most 4 sequences: the others are dropped.
 * - `service_tier` is one of the spec's tiers: the messages `standard_only` becomes `default`,
 *   another format's other tier is dropped.
 * - A model whose family refuses a setting (OpenAI's reasoning models: sampling, penalties,
 *   logprobs, `logit_bias`; `deepseek-reasoner`) does not get it; gpt-5.1 and later take sampling
 *   with effort `none` only.
 * - A family without reasoning effort does not get `reasoning_effort`; one that lists its efforts
 *   gets the nearest of them.
 * - An OpenAI reasoning model takes its limit as `max_completion_tokens`, never `max_tokens`: the
 *   field is renamed, which loses nothing.
 */
export function legalizeChatCompletionsRequest(
  body: WireObject,
  families: readonly ChatCompletionsModelFamily[],
  context: ConversionContext,
): void {
  for (const [field, minimum, maximum, path] of ranges) {
    const value = body[field];
    if (typeof value !== "number" || (value >= minimum && value <= maximum)) continue;
    const bounded = Math.min(maximum, Math.max(minimum, value));
    context.lose(
      "approximated",
      path,
      `${field} ${value} is outside ${minimum}–${maximum}: sent as ${bounded}`,
    );
    body[field] = bounded;
  }
  if (typeof body.top_logprobs === "number" && body.logprobs !== true) {
    if (body.logprobs === false)
      context.lose("approximated", "/logprobs", "top_logprobs needs logprobs: logprobs turned on");
    body.logprobs = true;
  }
  if (Array.isArray(body.stop) && body.stop.length > maximumStopSequences) {
    context.lose(
      "dropped",
      pointer("/stopSequences", maximumStopSequences),
      `the chat-completions format takes at most ${maximumStopSequences} stop sequences`,
    );
    body.stop = body.stop.slice(0, maximumStopSequences);
  }
  if (typeof body.service_tier === "string" && !serviceTiers.has(body.service_tier)) {
    if (body.service_tier === "standard_only") {
      context.lose("approximated", "/serviceTier", "service tier standard_only sent as default");
      body.service_tier = "default";
    } else {
      context.lose(
        "dropped",
        "/serviceTier",
        `the chat-completions format has no ${body.service_tier} service tier`,
      );
      delete body.service_tier;
    }
  }
  const family = findChatCompletionsModelFamily(String(body.model), families);
  if (family === undefined) return;
  const effort = typeof body.reasoning_effort === "string" ? body.reasoning_effort : undefined;
  const samples = effort !== undefined && (family.samplingEfforts?.includes(effort) ?? false);
  for (const field of family.unsupported ?? []) {
    if (body[field] === undefined || samples) continue;
    context.lose(
      "dropped",
      canonicalPaths[field] ?? pointer("", field),
      `the ${family.name} models do not take ${field}`,
    );
    delete body[field];
  }
  if (effort !== undefined) {
    if (!family.reasoningEffort) {
      context.lose("dropped", "/reasoning", `the ${family.name} models take no reasoning effort`);
      delete body.reasoning_effort;
    } else {
      const nearest = nearestChatCompletionsEffort(family, effort);
      if (nearest !== undefined) {
        context.lose(
          "approximated",
          "/reasoning",
          `reasoning effort ${effort} sent as ${nearest}, the nearest the ${family.name} models take`,
        );
        body.reasoning_effort = nearest;
      }
    }
  }
  if (family.reasoningEffort && family.unsupported !== undefined && body.max_tokens !== undefined) {
    body.max_completion_tokens ??= body.max_tokens;
    delete body.max_tokens;
  }
}
