import { type ChatEvent, createConversionContext, transformAll } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createGenerateContentStreamEncoder } from "./create-generate-content-stream-encoder";

/** Encodes canonical events as an upstream's stream whose id, model and error code were traced. */
async function encode(events: ChatEvent[]) {
  const context = createConversionContext();
  context.startSource();
  context.trace("/id", "/0/response/id");
  context.trace("/model", "/0/response/model");
  context.trace("/error/code", "/2/error/code");
  const wire = await transformAll(events, createGenerateContentStreamEncoder(context));
  return { wire, losses: context.losses.map((loss) => [loss.code, loss.path]) };
}

describe("generate-content stream encoder, failing", () => {
  const start: ChatEvent = { type: "response-start", id: "resp_1", model: "gpt-5" };
  const quota = { kind: "rate_limit" as const, status: 429, message: "quota", code: "insufficient_quota" };

  it("reports the response id and model an error before any chunk leaves unsaid, and a code it has no status for", async () => {
    const { wire, losses } = await encode([start, { type: "error", error: quota }]);
    expect(wire).toEqual([{ error: { code: 429, message: "quota", status: "RESOURCE_EXHAUSTED" } }]);
    expect(losses).toEqual([
      ["dropped", "/0/response/id"],
      ["dropped", "/0/response/model"],
      ["dropped", "/2/error/code"],
    ]);
  });

  it("reports neither once a chunk said them, nor a code that is a status of the error's kind", async () => {
    const { losses } = await encode([
      start,
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "Hi" },
      { type: "error", error: { ...quota, code: "RESOURCE_EXHAUSTED" } },
    ]);
    expect(losses).toEqual([]);
  });
});
