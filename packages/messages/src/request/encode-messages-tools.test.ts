import { createConversionContext, type Tool, type ToolChoice } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeMessagesRequest } from "./decode-messages-request";
import { encodeMessagesRequest } from "./encode-messages-request";
import { encodeMessagesTool } from "./encode-messages-tools";

describe("a function tool whose input schema is not an object", () => {
  const tool = (inputSchema: Record<string, unknown>): Tool => ({ type: "function", name: "f", inputSchema });

  it("is sent with an object schema, reported approximated at its schema", () => {
    const context = createConversionContext();
    const wire = encodeMessagesTool(tool({ type: "array", items: { type: "string" } }), context, "/tools/0");
    expect(wire).toMatchObject({ name: "f", input_schema: { type: "object" } });
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual([
      "approximated /tools/0/inputSchema",
    ]);
  });

  it("gives a request the messages decoder (like the API) accepts", () => {
    for (const type of ["boolean", "null", ["object", "null"]]) {
      const context = createConversionContext();
      const wire = encodeMessagesRequest(
        {
          model: "claude-sonnet-4-5",
          messages: [{ role: "user", parts: [{ type: "text", text: "Hi" }] }],
          tools: [tool({ type })],
        },
        context,
      );
      expect(() => decodeMessagesRequest(wire, createConversionContext())).not.toThrow();
    }
  });

  it("is sent as it is when it is an object, or says no type", () => {
    const context = createConversionContext();
    expect(encodeMessagesTool(tool({ properties: {} }), context, "/tools/0")).toMatchObject({
      input_schema: { type: "object", properties: {} },
    });
    expect(context.losses).toEqual([]);
  });
});

describe("a tool choice forcing a tool with an empty name", () => {
  it("is refused at the choice's field, not sent to a backend that refuses it", () => {
    const choices: ToolChoice[] = [
      { type: "required", allowed: [""] },
      { type: "tool", name: "" },
    ];
    for (const toolChoice of choices) {
      const encode = () =>
        encodeMessagesRequest(
          { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "Hi" }] }], toolChoice },
          createConversionContext(),
        );
      expect(encode).toThrow(expect.objectContaining({ kind: "invalid_request" }));
      expect(encode).toThrow(expect.objectContaining({ param: expect.stringMatching(/^toolChoice\./) }));
    }
  });
});
