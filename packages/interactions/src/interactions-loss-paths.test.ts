import { createConversionContext, transformAll } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { describe, expect, it } from "vitest";
import { interactionsCodec } from "./interactions-codec";

const lossPaths = (losses: { path: string }[]) => losses.map((loss) => loss.path);

// Losses are reported at a JSON pointer into the interactions document the caller sent (issue #15).
describe("interactions loss paths in the caller's terms", () => {
  it("points a request's losses at its steps and settings", () => {
    const context = createConversionContext();
    const request = interactionsCodec.decodeRequest(
      {
        model: "gemini-3-flash-preview",
        input: [
          { type: "user_input", content: [{ type: "text", text: "Search." }] },
          { type: "google_search_call", id: "gs_1", arguments: { queries: ["France"] } },
          { type: "model_output", content: [{ type: "text", text: "Found it." }] },
          { type: "user_input", content: [{ type: "text", text: "Thanks." }] },
        ],
        generation_config: { seed: 7, max_output_tokens: 100 },
        labels: { team: "search" },
      },
      context,
    );
    messagesCodec.encodeRequest(request, context);
    expect(lossPaths(context.losses)).toEqual(
      expect.arrayContaining(["/input/1", "/generation_config/seed"]),
    );
    expect(lossPaths(context.losses).every((path) => !path.startsWith("/messages"))).toBe(true);
  });

  it("points an answer's losses at its steps after the echoed input", () => {
    const context = createConversionContext();
    const response = interactionsCodec.decodeResponse(
      {
        id: "v1_a",
        model: "gemini-3-flash-preview",
        status: "completed",
        steps: [
          { type: "user_input", content: [{ type: "text", text: "Hi" }] },
          { type: "thought", signature: "c2ln" },
          { type: "model_output", content: [{ type: "text", text: "Hello" }] },
        ],
      },
      context,
    );
    messagesCodec.encodeResponse(response, context);
    expect(lossPaths(context.losses)).toEqual(["/steps/1"]);
  });

  it("points a stream's losses at the event that carried the node", async () => {
    const context = createConversionContext();
    const events = [
      { event_type: "interaction.created", event_id: "1", interaction: { id: "v1_s", model: "m" } },
      { event_type: "step.start", event_id: "2", index: 0, step: { type: "thought" } },
      {
        event_type: "step.delta",
        event_id: "3",
        index: 0,
        delta: { type: "thought_signature", signature: "c2ln" },
      },
      { event_type: "step.stop", event_id: "4", index: 0 },
      {
        event_type: "step.start",
        event_id: "5",
        index: 1,
        step: { type: "google_search_call", id: "gs_1", arguments: {} },
      },
      { event_type: "step.stop", event_id: "6", index: 1 },
      {
        event_type: "interaction.completed",
        event_id: "7",
        interaction: { id: "v1_s", status: "completed" },
      },
    ];
    const canonical = await transformAll(events, interactionsCodec.createStreamDecoder(context));
    await transformAll(canonical, generateContentCodec.createStreamEncoder(context));
    expect(lossPaths(context.losses)).toEqual(expect.arrayContaining(["/2/delta", "/4/step"]));
    expect(lossPaths(context.losses).every((path) => /^\/\d+\//.test(path))).toBe(true);
  });
});
