import { type ChatRequest, createConversionContext, type Part } from "@interlingua/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MessagesRequest } from "../wire/messages-request";
import { decodeMessagesRequest } from "./decode-messages-request";
import { encodeMessagesRequest } from "./encode-messages-request";

function encode(request: ChatRequest) {
  const context = createConversionContext();
  return { wire: encodeMessagesRequest(request, context) as Record<string, unknown>, losses: context.losses };
}

describe("encodeMessagesRequest from other formats", () => {
  it("moves tool turns into one user turn and system messages into system, with losses", () => {
    const { wire, losses } = encode({
      model: "m",
      maxOutputTokens: 100,
      instructions: [{ role: "developer", parts: [{ type: "text", text: "Be brief." }] }],
      messages: [
        { role: "user", parts: [{ type: "text", text: "Weather?" }] },
        { role: "system", parts: [{ type: "text", text: "Use Celsius." }] },
        {
          role: "assistant",
          parts: [
            { type: "tool-call", id: "c1", name: "w", arguments: { a: 1 } },
            { type: "tool-call", id: "c2", name: "w", arguments: {} },
          ],
        },
        {
          role: "tool",
          parts: [{ type: "tool-result", callId: "c1", content: [{ type: "text", text: "20" }] }],
        },
        {
          role: "tool",
          parts: [{ type: "tool-result", callId: "c2", content: [{ type: "text", text: "21" }] }],
        },
      ],
    });
    expect(wire.system).toEqual([
      { type: "text", text: "Be brief." },
      { type: "text", text: "Use Celsius." },
    ]);
    expect(wire.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Weather?" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "c1", name: "w", input: { a: 1 } },
          { type: "tool_use", id: "c2", name: "w", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "c1", content: [{ type: "text", text: "20" }] },
          { type: "tool_result", tool_use_id: "c2", content: [{ type: "text", text: "21" }] },
        ],
      },
    ]);
    expect(losses).toEqual([{ code: "approximated", path: "/messages/1", message: expect.any(String) }]);
  });

  it("drops reasoning signed by another format, with a loss, and keeps ours", () => {
    const { wire, losses } = encode({
      model: "m",
      maxOutputTokens: 100,
      messages: [
        {
          role: "assistant",
          parts: [
            { type: "reasoning", text: "a", signature: { format: "responses", data: "enc" } },
            { type: "reasoning", text: "b", signature: { format: "messages", data: "sig" } },
            { type: "text", text: "ok" },
          ],
        },
      ],
    });
    expect(wire.messages).toEqual([
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "b", signature: "sig" },
          { type: "text", text: "ok" },
        ],
      },
    ]);
    expect(losses.map((loss) => [loss.code, loss.path])).toEqual([["dropped", "/messages/0/parts/0"]]);
  });

  it("records every setting it cannot carry and fills max_tokens", () => {
    const { wire, losses } = encode({
      model: "m",
      messages: [
        {
          role: "user",
          parts: [
            { type: "text", text: "x" },
            { type: "media", kind: "audio", source: { type: "base64", data: "AA" }, mediaType: "audio/wav" },
          ],
        },
      ],
      seed: 1,
      presencePenalty: 0.5,
      metadata: { a: "b" },
      parallelToolCalls: false,
      tools: [{ type: "function", name: "only", inputSchema: { type: "object" } }],
      toolChoice: { type: "required", allowed: ["only"] },
      outputFormat: { type: "json-schema", name: "x", schema: { type: "object" } },
    });
    expect(wire.max_tokens).toBe(4096);
    expect(wire.tool_choice).toEqual({ type: "tool", name: "only", disable_parallel_tool_use: true });
    expect(wire.output_config).toEqual({ format: { type: "json_schema", schema: { type: "object" } } });
    expect(losses.map((loss) => loss.path).sort()).toEqual(
      [
        "/maxOutputTokens",
        "/messages/0/parts/1",
        "/metadata",
        "/outputFormat",
        "/presencePenalty",
        "/seed",
      ].sort(),
    );
  });

  it("maps hosted tools of other formats to dated tools, and drops the unknown ones", () => {
    const { wire, losses } = encode({
      model: "m",
      maxOutputTokens: 10,
      messages: [{ role: "user", parts: [{ type: "text", text: "x" }] }],
      tools: [
        {
          type: "hosted",
          kind: "web_search",
          version: "web_search_preview",
          settings: { maxUses: 2, searchContextSize: "high" },
        },
        { type: "hosted", kind: "file_search" },
      ],
      toolChoice: { type: "hosted", kind: "web_search" },
    });
    expect(wire.tools).toEqual([{ type: "web_search_20250305", name: "web_search", max_uses: 2 }]);
    expect(wire.tool_choice).toEqual({ type: "tool", name: "web_search" });
    expect(losses.map((loss) => loss.path)).toEqual(["/tools/0/settings/searchContextSize", "/tools/1"]);
  });

  it("throws in strict mode at the first loss", () => {
    const context = createConversionContext({ strict: true });
    expect(() =>
      encodeMessagesRequest(
        {
          model: "m",
          maxOutputTokens: 1,
          seed: 3,
          messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }],
        },
        context,
      ),
    ).toThrow(/seed/);
  });

  it("leaves out an empty text, which the API refuses, with a loss at it", () => {
    const { wire, losses } = encode({
      model: "m",
      maxOutputTokens: 100,
      instructions: [{ role: "system", parts: [{ type: "text", text: "" }] }],
      messages: [
        {
          role: "user",
          parts: [
            { type: "text", text: "" },
            { type: "text", text: "Hi" },
          ],
        },
      ],
    });
    expect(wire.system ?? []).toEqual([]);
    expect(wire.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hi" }] }]);
    expect(losses.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: "dropped", path: "/instructions/0/parts/0" },
      { code: "dropped", path: "/messages/0/parts/0" },
    ]);
  });

  it("sends another format's empty tool result without content, which the spec makes optional", () => {
    const call = { type: "tool-call" as const, id: "c1", name: "w", arguments: {} };
    for (const content of [[], [{ type: "text" as const, text: "" }]]) {
      const { wire, losses } = encode({
        model: "m",
        maxOutputTokens: 100,
        messages: [
          { role: "user", parts: [{ type: "text", text: "Go" }] },
          { role: "assistant", parts: [call] },
          { role: "tool", parts: [{ type: "tool-result", callId: "c1", content }] },
        ],
      });
      expect((wire.messages as { content: unknown }[])[2]!.content).toEqual([
        { type: "tool_result", tool_use_id: "c1" },
      ]);
      expect(losses).toEqual([]);
      expect(MessagesRequest.safeParse(wire).success).toBe(true);
    }
  });

  it("puts tool results first in a user turn, as the API takes them, with a loss at the content moved", () => {
    const { wire, losses } = encode({
      model: "m",
      maxOutputTokens: 100,
      messages: [
        { role: "user", parts: [{ type: "text", text: "Weather?" }] },
        { role: "assistant", parts: [{ type: "tool-call", id: "c1", name: "w", arguments: {} }] },
        { role: "user", parts: [{ type: "text", text: "In Celsius." }] },
        {
          role: "tool",
          parts: [{ type: "tool-result", callId: "c1", content: [{ type: "text", text: "20" }] }],
        },
      ],
    });
    expect((wire.messages as unknown[]).slice(2)).toEqual([
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "c1", content: [{ type: "text", text: "20" }] },
          { type: "text", text: "In Celsius." },
        ],
      },
    ]);
    // The tool message is joined into the user's turn, and the user's text moved after its result.
    expect(losses.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: "approximated", path: "/messages/3" },
      { code: "approximated", path: "/messages/2" },
    ]);
    expect(() => decodeMessagesRequest(wire, createConversionContext())).not.toThrow();
  });

  it("reports a turn the API joins with the turn of its role before it, at that turn", () => {
    const text = (text: string) => [{ type: "text" as const, text }];
    const { wire, losses } = encode({
      model: "m",
      maxOutputTokens: 100,
      messages: [
        { role: "user", parts: text("One.") },
        { role: "user", parts: text("Two.") },
        { role: "assistant", parts: text("Yes.") },
        { role: "assistant", parts: text("And?") },
      ],
    });
    expect(wire.messages).toHaveLength(4);
    expect(losses.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: "approximated", path: "/messages/1" },
      { code: "approximated", path: "/messages/3" },
    ]);
  });

  it("refuses instructions alone, naming messages, as the API would", () => {
    const request = {
      model: "m",
      maxOutputTokens: 1,
      instructions: [{ role: "system" as const, parts: [{ type: "text" as const, text: "Be brief." }] }],
      messages: [],
    };
    expect(() => encodeMessagesRequest(request, createConversionContext())).toThrow(
      expect.objectContaining({ kind: "invalid_request", param: "messages" }),
    );
  });

  it("never sends a tool result in an assistant turn: it goes in a user turn at its place", () => {
    // A generate-content model turn with a server-side function call and its functionResponse.
    const { wire, losses } = encode({
      model: "m",
      maxOutputTokens: 100,
      messages: [
        { role: "user", parts: [{ type: "text", text: "Weather?" }] },
        {
          role: "assistant",
          parts: [
            { type: "tool-call", id: "c1", name: "w", arguments: { city: "Paris" } },
            { type: "tool-result", callId: "c1", name: "w", content: [{ type: "text", text: "20" }] },
            { type: "text", text: "It is 20." },
          ],
        },
        { role: "user", parts: [{ type: "text", text: "Thanks" }] },
      ],
    });
    expect(wire.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Weather?" }] },
      { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "w", input: { city: "Paris" } }] },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "c1", content: [{ type: "text", text: "20" }] }],
      },
      { role: "assistant", content: [{ type: "text", text: "It is 20." }] },
      { role: "user", content: [{ type: "text", text: "Thanks" }] },
    ]);
    expect(MessagesRequest.safeParse(wire).success).toBe(true);
    expect(losses).toEqual([expect.objectContaining({ code: "approximated", path: "/messages/1/parts/1" })]);
  });

  it("keeps every tool result out of assistant turns, whatever the parts", () => {
    const blockTypes = { text: "text", "tool-call": "tool_use", "tool-result": "tool_result" };
    const part = fc.constantFrom<Part>(
      { type: "text", text: "t" },
      { type: "tool-call", id: "c1", name: "w", arguments: {} },
      { type: "tool-result", callId: "c1", name: "w", content: [{ type: "text", text: "r" }] },
    );
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), (parts) => {
        const { wire } = encode({
          model: "m",
          maxOutputTokens: 10,
          messages: [{ role: "assistant", parts }],
        });
        const messages = wire.messages as { role: string; content: { type: string }[] }[];
        for (const message of messages)
          if (message.role === "assistant")
            expect(message.content.map((block) => block.type)).not.toContain("tool_result");
        const blocks = messages.flatMap((message) => message.content.map((block) => block.type));
        expect(blocks).toEqual(parts.map((item) => blockTypes[item.type as keyof typeof blockTypes]));
      }),
    );
  });
});

describe("a request with no message the messages format can carry", () => {
  it("is refused naming messages, never sent as an empty list the API refuses", () => {
    expect(() => encodeMessagesRequest({ model: "m", messages: [] }, createConversionContext())).toThrow(
      expect.objectContaining({ kind: "invalid_request", param: "messages" }),
    );
  });
});
