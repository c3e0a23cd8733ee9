import { createConversionContext, reportUnmappedRequestFields } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

const request = (type: string) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 256,
  messages: [{ role: "user", content: "Run it." }],
  tools: [{ type, name: "code_execution" }],
});

function lossesTo(type: string) {
  const context = createConversionContext();
  const canonical = messagesCodec.decodeRequest(request(type), context);
  // What the gateway does before it encodes for a backend of another format.
  reportUnmappedRequestFields(canonical, messagesCodec, generateContentCodec.id, context);
  generateContentCodec.encodeRequest(canonical, context);
  return context.losses.filter((loss) => loss.path.startsWith("/tools"));
}

describe("a hosted tool's dated version, sent to a format without versions", () => {
  it("is reported when the caller chose one other than the default, which the way back cannot give", () => {
    expect(lossesTo("code_execution_20250522")).toEqual([
      expect.objectContaining({ code: "approximated", path: "/tools/0" }),
    ]);
  });

  it("is the tool itself, with nothing to report, when it is the default", () => {
    expect(lossesTo("code_execution_20250825")).toEqual([]);
  });
});
