import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import { createForeignStreamFieldsLoss } from "./create-foreign-stream-fields-loss";

describe("createForeignStreamFieldsLoss", () => {
  const traced = () => {
    const context = createConversionContext();
    context.startSource();
    context.trace("/start/extensions/messages/container", "/0/message/container", true);
    context.trace("/start/usage/extensions/messages", "/0/message/usage", true);
    context.trace("/extensions/messages/stop_details", "/9/delta/stop_details", true);
    context.trace("/usage/extensions/messages", "/9/usage", true);
    return context;
  };

  it("reports another format's envelope fields once each, at the source the decoder traced", () => {
    const context = traced();
    const lose = createForeignStreamFieldsLoss(context, "responses");
    lose({
      type: "response-start",
      id: "msg_1",
      model: "m",
      usage: { inputTokens: 3, extensions: { messages: { service_tier: "standard" } } },
      extensions: { messages: { container: { id: "c" } } },
    });
    const usage = { outputTokens: 1, extensions: { messages: { inference_geo: "us" } } };
    lose({ type: "usage", usage });
    lose({ type: "usage", usage });
    lose({
      type: "response-end",
      finishReason: { reason: "stop" },
      usage,
      extensions: { messages: { stop_details: { type: "refusal" } } },
    });
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["dropped", "/0/message/container"],
      ["dropped", "/0/message/usage/service_tier"],
      ["dropped", "/9/usage/inference_geo"],
      ["dropped", "/9/delta/stop_details"],
    ]);
  });

  it("reports nothing of the encoder's own format, nor bookkeeping no wire field holds", () => {
    const context = traced();
    const lose = createForeignStreamFieldsLoss(context, "messages");
    lose({
      type: "response-start",
      id: "msg_1",
      model: "m",
      extensions: { messages: { container: { id: "c" } } },
    });
    expect(context.losses).toEqual([]);
    const other = createForeignStreamFieldsLoss(context, "responses");
    other({
      type: "response-end",
      finishReason: { reason: "stop" },
      extensions: { messages: { messageStartBlocks: 2 } },
    });
    expect(context.losses).toEqual([]);
  });

  it("reports a part's own traced fields at their source, not the marks placed only where the part is", () => {
    const context = createConversionContext();
    context.startSource();
    context.trace("/parts/0", "/2/item");
    context.trace("/parts/0/extensions/responses/addedItem/id", "/2/item/id");
    const lose = createForeignStreamFieldsLoss(context, "messages");
    const addedItem = { id: "fc_1", type: "function_call", status: "in_progress" };
    lose({ type: "part-start", index: 0, kind: "tool-call", extensions: { responses: { addedItem } } });
    lose({ type: "part-start", index: 0, kind: "tool-call", extensions: { responses: { addedItem } } });
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([["dropped", "/2/item/id"]]);
  });

  it("reports a citation's fields of another format at that citation of its part, counted per part", () => {
    const context = createConversionContext();
    context.startSource();
    const source = "/3/candidates/0/citationMetadata/citationSources";
    context.trace("/parts/0/citations/1", `${source}/1`);
    context.trace("/parts/0/citations/1/extensions/generate-content", `${source}/1`, true);
    const lose = createForeignStreamFieldsLoss(context, "messages");
    const citation = (extensions?: Record<string, Record<string, unknown>>) => ({
      type: "citation-delta" as const,
      index: 0,
      citation: { kind: "url" as const, url: "https://a.example", ...(extensions && { extensions }) },
    });
    lose(citation());
    lose(citation({ "generate-content": { license: "mit" } }));
    lose(citation({ messages: { own: true } }));
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["dropped", `${source}/1/license`],
    ]);
  });

  it("reports an error's traced fields of another format, not the marks no wire field holds", () => {
    const context = createConversionContext();
    context.startSource();
    context.trace("/error/extensions/responses/type", "/2/error/type", true);
    const lose = createForeignStreamFieldsLoss(context, "messages");
    const extensions = { responses: { errorForm: "nested", type: "insufficient_quota", code: null } };
    lose({ type: "error", error: { kind: "rate_limit", status: 429, message: "quota", extensions } });
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([["dropped", "/2/error/type"]]);
  });
});
