import {
  type ChatResponse,
  createConversionContext,
  usageAccounting,
  usageFromWire,
} from "@interlingua/core";
import { createSpecValidator } from "@interlingua/core/test";
import { describe, expect, it } from "vitest";
import { decodeResponsesRequest } from "../request/decode-responses-request";
import { encodeResponsesResponse } from "./encode-responses-response";

const validator = createSpecValidator("responses");

const answer: ChatResponse = {
  id: "resp_1",
  model: "claude-sonnet-4-5",
  created: 1_760_000_000,
  parts: [{ type: "text", text: "Done." }],
  finishReason: { reason: "stop", raw: "end_turn" },
  // A messages backend's usage: 20 fresh input tokens, 80 read from the cache, 50 output of which 20 thinking.
  usage: usageFromWire({ input: 20, cacheRead: 80, output: 50, reasoning: 20 }, usageAccounting.messages),
  status: "completed",
};

const encodeFor = (requestBody: Record<string, unknown> | undefined, response = answer) => {
  const request =
    requestBody &&
    decodeResponsesRequest({ model: "m", input: "hi", ...requestBody }, createConversionContext());
  const context = createConversionContext({ request });
  const wire = encodeResponsesResponse(response, context);
  expect(validator.validate("Response", wire)).toEqual([]);
  expect(context.losses).toEqual([]);
  return wire;
};

describe("encodeResponsesResponse for a backend of another format", () => {
  it("counts cached tokens inside input_tokens and reasoning inside output_tokens", () => {
    expect(encodeFor(undefined).usage).toEqual({
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 80 },
      output_tokens: 50,
      output_tokens_details: { reasoning_tokens: 20 },
      total_tokens: 150,
    });
  });

  it("echoes the request's settings, and service_tier only when the request set it", () => {
    const plain = encodeFor({ temperature: 0.4, max_output_tokens: 512, store: false, metadata: { a: "b" } });
    expect(plain).toMatchObject({
      temperature: 0.4,
      max_output_tokens: 512,
      store: false,
      metadata: { a: "b" },
      top_p: 1,
      truncation: "disabled",
      tool_choice: "auto",
      parallel_tool_calls: true,
      text: { format: { type: "text" } },
    });
    expect(plain).not.toHaveProperty("service_tier");
    expect(encodeFor({ service_tier: "flex" })).toMatchObject({ service_tier: "flex" });
  });

  it("echoes the tools with the defaults the service fills in", () => {
    const wire = encodeFor({
      tools: [
        { type: "function", name: "f", parameters: { type: "object" } },
        { type: "file_search", vector_store_ids: ["vs_1"] },
        { type: "web_search_preview_2025_03_11" },
        { type: "computer_use_preview", display_width: 800, display_height: 600, environment: "browser" },
      ],
    });
    expect(wire.tools).toEqual([
      { type: "function", name: "f", description: null, parameters: { type: "object" }, strict: true },
      {
        type: "file_search",
        vector_store_ids: ["vs_1"],
        filters: null,
        max_num_results: 20,
        ranking_options: { ranker: "auto", score_threshold: 0 },
      },
      { type: "web_search_preview_2025_03_11", search_context_size: "medium", user_location: null },
      { type: "computer_use_preview", display_width: 800, display_height: 600, environment: "browser" },
    ]);
  });

  it("gives the item an answer cut short was writing the status incomplete, as the API does", () => {
    const parts: ChatResponse["parts"] = [{ type: "text", text: "The history of" }];
    const cut = encodeFor(undefined, {
      ...answer,
      parts,
      finishReason: { reason: "length", raw: "max_tokens" },
    });
    expect((cut.output as { status: string }[]).map((item) => item.status)).toEqual(["incomplete"]);
    const whole = encodeFor(undefined, { ...answer, parts });
    expect((whole.output as { status: string }[]).map((item) => item.status)).toEqual(["completed"]);
  });

  it("reports a response cut short as incomplete with its reason, and a failure with its error", () => {
    expect(
      encodeFor(undefined, { ...answer, finishReason: { reason: "length", raw: "max_tokens" } }),
    ).toMatchObject({
      status: "incomplete",
      incomplete_details: { reason: "max_output_tokens" },
      error: null,
    });
    expect(
      encodeFor(undefined, {
        ...answer,
        parts: [],
        finishReason: { reason: "error" },
        status: "failed",
        error: { kind: "overloaded", status: 529, message: "Overloaded", code: "overloaded_error" },
      }),
    ).toMatchObject({
      status: "failed",
      error: { code: "server_error", message: "Overloaded" },
      incomplete_details: null,
    });
  });
});

describe("encodeResponsesResponse when the finish reason contradicts the output", () => {
  it("records a loss for a tool-use stop without any tool call, and none when a call is there", () => {
    const noCall = createConversionContext();
    const wire = encodeResponsesResponse({ ...answer, finishReason: { reason: "tool_calls" } }, noCall);
    expect(wire.status).toBe("completed");
    expect(noCall.losses).toEqual([expect.objectContaining({ code: "unsupported", path: "/finishReason" })]);

    const withCall = createConversionContext();
    encodeResponsesResponse(
      {
        ...answer,
        parts: [{ type: "tool-call", id: "call_1", name: "f", arguments: "{}" }],
        finishReason: { reason: "tool_calls" },
      },
      withCall,
    );
    expect(withCall.losses).toEqual([]);
  });
});

describe("encodeResponsesResponse with a state the format cannot say", () => {
  const lossesFor = (change: Partial<ChatResponse>) => {
    const context = createConversionContext();
    const wire = encodeResponsesResponse({ ...answer, ...change }, context);
    return { status: wire.status, losses: context.losses.map((loss) => `${loss.code} ${loss.path}`) };
  };

  it("reports a paused answer sent as incomplete for lack of tokens", () => {
    expect(
      lossesFor({ status: "incomplete", finishReason: { reason: "pause", raw: "requires_continuation" } }),
    ).toEqual({ status: "incomplete", losses: ["approximated /finishReason"] });
  });

  it("reports another format's running state (queued) sent as in_progress, not its own", () => {
    expect(lossesFor({ status: "in_progress", finishReason: { reason: "other", raw: "queued" } })).toEqual({
      status: "in_progress",
      losses: ["approximated /finishReason"],
    });
    expect(lossesFor({ status: "in_progress", finishReason: { reason: "other" } }).losses).toEqual([]);
  });
});
