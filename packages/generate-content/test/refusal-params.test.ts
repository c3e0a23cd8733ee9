import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { CanonicalError, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { generateContentCodec } from "../src/generate-content-codec";

/** The error thrown by `run`, or undefined. */
function thrownBy(run: () => unknown): CanonicalError | undefined {
  try {
    run();
  } catch (error) {
    return CanonicalError.isInstance(error) ? error : undefined;
  }
  return undefined;
}

describe("a generate-content refusal names the caller's own field", () => {
  it("as a snake_case caller spelled it, for the decoder's own checks", () => {
    const error = thrownBy(() =>
      generateContentCodec.decodeRequest(
        {
          contents: [{ role: "user", parts: [{ text: "Hi" }] }],
          system_instruction: { parts: [{ inline_data: { mime_type: "image/png", data: "AAAA" } }] },
        },
        createConversionContext(),
        { model: "gemini-2.5-flash" },
      ),
    );
    expect(error).toMatchObject({ kind: "invalid_request", param: "system_instruction.parts.0" });
  });

  it("as a snake_case caller spelled it, for a value the schema refuses", () => {
    const error = thrownBy(() =>
      generateContentCodec.decodeRequest(
        { contents: [{ role: "user", parts: [{ text: "Hi" }] }], generation_config: { temperature: "hot" } },
        createConversionContext(),
        { model: "gemini-2.5-flash" },
      ),
    );
    expect(error).toMatchObject({ kind: "invalid_request", param: "generation_config.temperature" });
  });

  it("in the caller's format when the encoder refuses what another format's caller sent", () => {
    const context = createConversionContext();
    const canonical = chatCompletionsCodec.decodeRequest(
      {
        model: "gpt-4o",
        messages: [
          { role: "user", content: "Weather?" },
          { role: "tool", tool_call_id: "call_9", content: "18C" },
        ],
      },
      context,
    );
    const error = thrownBy(() => generateContentCodec.encodeRequest(canonical, context));
    expect(error).toMatchObject({ kind: "invalid_request", param: "messages.1" });
  });
});
