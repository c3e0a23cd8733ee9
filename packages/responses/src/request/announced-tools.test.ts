import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { responsesCodec } from "../responses-codec";

// What Codex CLI 0.171.0 sends with its default model: its tools in an `additional_tools` item.
const body = {
  model: "gpt-6.2-sol",
  input: [
    {
      type: "additional_tools",
      id: "at_1",
      role: "developer",
      tools: [
        {
          type: "namespace",
          name: "clock",
          description: "",
          tools: [
            {
              type: "function",
              name: "sleep",
              strict: false,
              parameters: { type: "object", properties: { duration_ms: { type: "number" } } },
            },
          ],
        },
      ],
    },
    { type: "message", role: "user", content: [{ type: "input_text", text: "Wait a second." }] },
  ],
  stream: true,
};

describe("tools announced in an additional_tools input item", () => {
  it("join the request's tools, flattened like any namespace", () => {
    const request = responsesCodec.decodeRequest(body, createConversionContext());
    expect(request.tools).toEqual([
      expect.objectContaining({
        type: "function",
        name: "clock__sleep",
        inputSchema: body.input[0]!.tools![0]!.tools[0]!.parameters,
      }),
    ]);
  });

  it("go back to this format inside the item, the body as it came", () => {
    const context = createConversionContext();
    const request = responsesCodec.decodeRequest(body, context);
    expect(responsesCodec.encodeRequest(request, context)).toEqual(body);
    expect(context.losses).toEqual([]);
  });
});
