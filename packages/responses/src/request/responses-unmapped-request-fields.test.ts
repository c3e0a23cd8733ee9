import { createConversionContext, reportUnmappedRequestFields } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { responsesCodec } from "../responses-codec";

const forcing = (toolChoice: unknown) => ({
  model: "gpt-5",
  input: "Hi",
  tools: [{ type: "function", name: "f", parameters: { type: "object" }, strict: false }],
  tool_choice: toolChoice,
});

function converted(body: unknown, backend: string) {
  const context = createConversionContext();
  const request = responsesCodec.decodeRequest(body, context);
  reportUnmappedRequestFields(request, responsesCodec, backend, context);
  const wire = responsesCodec.encodeRequest(request, context) as Record<string, unknown>;
  return { losses: context.losses.map((loss) => `${loss.code} ${loss.path}`), wire };
}

describe("responses' unmapped request fields", () => {
  it("report a tool choice no other format can say (a custom or MCP tool forced) at tool_choice", () => {
    for (const choice of [
      { type: "custom", name: "grammar" },
      { type: "mcp", server_label: "deepwiki" },
      { type: "programmatic_tool_calling" },
    ]) {
      expect(converted(forcing(choice), "messages").losses, JSON.stringify(choice)).toEqual([
        "dropped /tool_choice",
      ]);
      // The same format gets it back as it was.
      const same = converted(forcing(choice), "responses");
      expect(same.losses).toEqual([]);
      expect(same.wire.tool_choice).toEqual(choice);
    }
  });

  it("report an allowed-tools list with hosted tools at tool_choice, its functions carried", () => {
    const choice = {
      type: "allowed_tools",
      mode: "required",
      tools: [{ type: "function", name: "f" }, { type: "web_search_preview" }],
    };
    const elsewhere = converted(forcing(choice), "chat-completions");
    expect(elsewhere.losses).toEqual(["dropped /tool_choice"]);
    const context = createConversionContext();
    expect(responsesCodec.decodeRequest(forcing(choice), context).toolChoice).toEqual({
      type: "required",
      allowed: ["f"],
    });
    expect(converted(forcing(choice), "responses")).toEqual({
      losses: [],
      wire: expect.objectContaining({ tool_choice: choice }),
    });
  });

  it("report no stream_options: the front's stream encoder answers the padding asked or refused", () => {
    for (const asked of [true, false]) {
      const body = {
        model: "gpt-5",
        input: "Hi",
        stream: true,
        stream_options: { include_obfuscation: asked },
      };
      expect(converted(body, "messages").losses).toEqual([]);
      expect(converted(body, "responses").wire.stream_options).toEqual({ include_obfuscation: asked });
    }
  });

  it("report no tool choice the canonical one says", () => {
    expect(converted(forcing({ type: "function", name: "f" }), "messages").losses).toEqual([]);
    expect(converted(forcing("required"), "messages").losses).toEqual([]);
  });

  it("report an input item's own id, status and phase at the item, and give them back to responses", () => {
    const body = {
      model: "gpt-5",
      input: [
        { type: "message", id: "msg_0", status: "completed", role: "user", content: "Hi" },
        {
          type: "message",
          id: "msg_1",
          status: "completed",
          phase: "final_answer",
          role: "assistant",
          content: [{ type: "output_text", text: "Hello", annotations: [] }],
        },
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          name: "f",
          arguments: "{}",
          status: "completed",
        },
        { type: "function_call_output", call_id: "call_1", output: "ok" },
        { type: "item_reference", id: "msg_earlier" },
      ],
    };
    expect(converted(structuredClone(body), "messages").losses.sort()).toEqual([
      "dropped /input/0/id",
      "dropped /input/0/status",
      "dropped /input/1/id",
      "dropped /input/1/phase",
      "dropped /input/1/status",
      "dropped /input/2/id",
      "dropped /input/2/status",
      "dropped /input/4",
    ]);
    const same = converted(structuredClone(body), "responses");
    expect(same.losses).toEqual([]);
    expect(same.wire.input).toEqual(body.input);
  });
  it("report a function's unstated strictness (strict where the service can make it so) at the caller's field", () => {
    const tools = [
      { type: "function", name: "omitted", parameters: { type: "object" } },
      { type: "function", name: "unset", parameters: null, strict: null },
      { type: "function", name: "stated", parameters: { type: "object" }, strict: false },
    ];
    const body = { model: "gpt-5", input: "Hi", tools };
    for (const backend of ["messages", "chat-completions", "generate-content", "interactions"])
      expect(converted(structuredClone(body), backend).losses, backend).toEqual([
        "dropped /tools/0",
        "dropped /tools/1/strict",
      ]);
    // The same format sends them as they came: omitted, null, false.
    const same = converted(structuredClone(body), "responses");
    expect(same.losses).toEqual([]);
    expect(same.wire.tools).toEqual(tools);
  });

  it("report a namespace group once, at the namespace tool, and a call of a member at its item", () => {
    const body = {
      model: "gpt-5",
      input: [
        { type: "message", role: "user", content: "find it" },
        { type: "function_call", call_id: "c1", name: "search", namespace: "mcp__docs", arguments: "{}" },
      ],
      tools: [
        { type: "function", name: "shell", parameters: { type: "object" }, strict: false },
        {
          type: "namespace",
          name: "mcp__docs",
          description: "Docs",
          tools: [
            { type: "function", name: "search", parameters: { type: "object" }, strict: false },
            { type: "function", name: "open", parameters: { type: "object" }, strict: false },
          ],
        },
      ],
    };
    expect(converted(body, "messages").losses).toEqual(["dropped /tools/1", "approximated /input/1"]);
    expect(converted(body, "responses").losses).toEqual([]);
  });
});
