import { CanonicalError, type ChatRequest, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { messagesFixtures } from "../../test/support/fixtures";
import { decodeMessagesRequest } from "./decode-messages-request";
import { encodeMessagesRequest } from "./encode-messages-request";

const base = { model: "claude-sonnet-4-5", max_tokens: 1024, messages: [{ role: "user", content: "hi" }] };
const decode = (wire: unknown) => decodeMessagesRequest(wire, createConversionContext());

function rejection(wire: unknown): { param?: string; message: string; kind: string } {
  try {
    decode(wire);
  } catch (error) {
    if (!CanonicalError.isInstance(error)) throw error;
    return { param: error.param, message: error.message, kind: error.kind };
  }
  throw new Error("expected the request to be rejected");
}

describe("decodeMessagesRequest validation", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["empty model", { model: "" }, "model"],
    ["model over 256 characters", { model: "m".repeat(257) }, "model"],
    ["missing max_tokens", { max_tokens: undefined }, "max_tokens"],
    ["fractional max_tokens", { max_tokens: 1.5 }, "max_tokens"],
    ["user_id over 256", { metadata: { user_id: "u".repeat(257) } }, "metadata.user_id"],
    ["temperature above 1", { temperature: 1.5 }, "temperature"],
    ["negative temperature", { temperature: -0.1 }, "temperature"],
    ["top_k of 0", { top_k: 0 }, "top_k"],
    ["top_p above 1", { top_p: 1.01 }, "top_p"],
    [
      "budget below 1024",
      { max_tokens: 4000, thinking: { type: "enabled", budget_tokens: 1000 } },
      "thinking.budget_tokens",
    ],
    [
      "budget not below max_tokens",
      { max_tokens: 2000, thinking: { type: "enabled", budget_tokens: 2000 } },
      "thinking.budget_tokens",
    ],
    [
      "tool name over 64",
      { tools: [{ name: "t".repeat(65), input_schema: { type: "object" } }] },
      "tools.0.name",
    ],
    ["empty tool name", { tools: [{ name: "", input_schema: { type: "object" } }] }, "tools.0.name"],
    ["custom tool without schema", { tools: [{ name: "t" }] }, "tools.0.input_schema"],
    [
      "computer tool without display size",
      { tools: [{ type: "computer_20241022", name: "computer" }] },
      "tools.0.display_width_px",
    ],
    ["tool choice tool without name", { tool_choice: { type: "tool" } }, "tool_choice.name"],
    ["no messages", { messages: [] }, "messages"],
    ["a message of no blocks", { messages: [{ role: "user", content: [] }] }, "messages.0.content"],
    [
      "an empty message before the last",
      {
        messages: [
          { role: "user", content: "" },
          { role: "assistant", content: "hi" },
        ],
      },
      "messages.0.content",
    ],
    [
      "an empty assistant message before the last",
      {
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: [] },
          { role: "user", content: "again" },
        ],
      },
      "messages.1.content",
    ],
    ["system message first", { messages: [{ role: "system", content: "x" }] }, "messages.0.role"],
    [
      "two system messages in a row",
      {
        messages: [
          { role: "user", content: "hi" },
          { role: "system", content: "a" },
          { role: "system", content: "b" },
        ],
      },
      "messages.2.role",
    ],
    [
      "an image in a system message",
      {
        messages: [
          { role: "user", content: "hi" },
          {
            role: "system",
            content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: "x" } }],
          },
        ],
      },
      "messages.1.content.0.type",
    ],
    ["unknown role", { messages: [{ role: "tool", content: "x" }] }, "messages.0.role"],
    ["service tier of another format", { service_tier: "flex" }, "service_tier"],
    ["tool_choice without tools", { tool_choice: { type: "auto" } }, "tool_choice"],
    ...(
      [
        ["temperature while thinking", { temperature: 0.5 }, "temperature"],
        ["top_k while thinking", { top_k: 5 }, "top_k"],
        ["top_p below 0.95 while thinking", { top_p: 0.9 }, "top_p"],
        [
          "forced tool use while thinking",
          { tool_choice: { type: "any" }, tools: [{ name: "t", input_schema: { type: "object" } }] },
          "tool_choice.type",
        ],
      ] as [string, Record<string, unknown>, string][]
    ).map(([name, change, param]): [string, Record<string, unknown>, string] => [
      name,
      { ...change, model: "claude-sonnet-4-6", max_tokens: 4096, thinking: { type: "adaptive" } },
      param,
    ]),
    [
      "empty text block",
      { messages: [{ role: "user", content: [{ type: "text", text: "" }] }] },
      "messages.0.content.0.text",
    ],
    [
      "image media type",
      {
        messages: [
          {
            role: "user",
            content: [{ type: "image", source: { type: "base64", media_type: "image/bmp", data: "x" } }],
          },
        ],
      },
      "messages.0.content.0.source.media_type",
    ],
    ["empty system block", { system: [{ type: "text", text: "" }] }, "system.0.text"],
    [
      "empty text in a tool result",
      {
        messages: [
          {
            role: "user",
            content: [{ type: "tool_result", tool_use_id: "t", content: [{ type: "text", text: "" }] }],
          },
        ],
      },
      "messages.0.content.0.content.0.text",
    ],
    [
      "unknown block type",
      { messages: [{ role: "user", content: [{ type: "hologram" }] }] },
      "messages.0.content.0.type",
    ],
    [
      "a prefill of nothing as the only message",
      { messages: [{ role: "assistant", content: [] }] },
      "messages",
    ],
    [
      "text before a tool result in one user turn (two user messages the API joins)",
      {
        messages: [
          { role: "user", content: "Weather?" },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "20" }] },
        ],
      },
      "messages.1.content.0",
    ],
  ];
  for (const [name, change, param] of cases) {
    it(`rejects ${name}, naming ${param}`, () => {
      const error = rejection({ ...base, ...change });
      expect(error.kind).toBe("invalid_request");
      expect(error.param).toBe(param);
    });
  }

  it("accepts an empty last assistant message (a prefill of nothing), as the API does", () => {
    expect(() =>
      decode({
        ...base,
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: [] },
        ],
      }),
    ).not.toThrow();
  });

  it("accepts the limits themselves", () => {
    expect(() =>
      decode({
        ...base,
        model: "m".repeat(256),
        max_tokens: 2048,
        metadata: { user_id: "u".repeat(256) },
        temperature: 1,
        top_p: 0,
        top_k: 1,
        tools: [{ name: "t".repeat(64), input_schema: { type: "object" } }],
      }),
    ).not.toThrow();
    expect(() =>
      decode({
        ...base,
        model: "claude-sonnet-4-20250514",
        max_tokens: 1025,
        temperature: 1,
        top_p: 0.95,
        thinking: { type: "enabled", budget_tokens: 1024 },
      }),
    ).not.toThrow();
  });

  it("refuses temperature beside top_p for the models that take one of them, as the API does", () => {
    for (const model of [
      "claude-sonnet-4-5",
      "claude-opus-4-1-20250805",
      "claude-haiku-4-5",
      "claude-opus-5",
    ])
      expect(() => decode({ ...base, model, temperature: 0.5, top_p: 0.9 }), model).toThrow(
        /cannot both be specified/,
      );
    for (const model of [
      "claude-sonnet-4-20250514",
      "claude-opus-4-20250514",
      "claude-3-7-sonnet-latest",
      "ours",
    ])
      expect(() => decode({ ...base, model, temperature: 0.5, top_p: 0.9 }), model).not.toThrow();
  });
});

describe("decodeMessagesRequest: the thinking forms and effort of a model's family", () => {
  const adaptive = { max_tokens: 4096, thinking: { type: "adaptive" } };
  const budget = { max_tokens: 4096, thinking: { type: "enabled", budget_tokens: 2048 } };
  const off = { thinking: { type: "disabled" } };
  const effort = { output_config: { effort: "low" } };
  const cases: [string, Record<string, unknown>, "accepted" | string][] = [
    ["claude-sonnet-4-5", adaptive, "thinking.type"],
    ["claude-3-7-sonnet-latest", adaptive, "thinking.type"],
    ["claude-opus-4-5-20251101", adaptive, "thinking.type"],
    ["claude-sonnet-4-5", budget, "accepted"],
    ["claude-sonnet-4-6", adaptive, "accepted"],
    ["claude-opus-4-6", budget, "accepted"],
    ["claude-opus-4-7", adaptive, "accepted"],
    ["claude-opus-4-7", budget, "thinking.type"],
    ["claude-sonnet-5", off, "thinking.type"],
    ["claude-mythos-preview", budget, "thinking.type"],
    ["claude-sonnet-4-5", effort, "output_config.effort"],
    ["claude-sonnet-4-20250514", effort, "output_config.effort"],
    ["claude-opus-4-5", effort, "accepted"],
    ["claude-opus-5", effort, "accepted"],
    ["my-deployment", { ...adaptive, ...effort }, "accepted"],
  ];
  for (const [model, change, outcome] of cases)
    it(`${outcome === "accepted" ? "accepts" : "refuses"} ${JSON.stringify(change)} for ${model}`, () => {
      if (outcome === "accepted") expect(() => decode({ ...base, ...change, model })).not.toThrow();
      else expect(rejection({ ...base, ...change, model }).param).toBe(outcome);
    });
});

describe("decodeMessagesRequest mapping", () => {
  const [everything, tools, anyParallel, , sampling] = messagesFixtures().requests.map(
    (fixture) => decode(fixture.wire) as ChatRequest,
  );

  it("merges consecutive same-role turns into one message, keeping where they split, and the prefill last", () => {
    expect(everything!.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    const merged = everything!.messages[0]!;
    expect(merged.parts.at(-1)).toEqual({ type: "text", text: "And a second user turn, merged by the API." });
    const turns = merged.extensions?.messages?.turns as Record<string, unknown>[];
    expect(turns.map((turn) => turn.parts)).toEqual([merged.parts.length - 1, 1]);
    expect(turns[1]).toEqual({ parts: 1, contentForm: "string" });
    expect(everything!.messages.at(-1)!.parts).toEqual([{ type: "text", text: "The weather in Paris is" }]);
  });

  it("splits merged turns again on encode, and sends one turn when the parts no longer fit", () => {
    const wire = messagesFixtures().requests[0]!.wire as { messages: unknown[] };
    const context = createConversionContext();
    expect(encodeMessagesRequest(everything!, context).messages).toEqual(wire.messages);
    const [merged, ...rest] = everything!.messages;
    const edited = { ...everything!, messages: [{ ...merged!, parts: merged!.parts.slice(1) }, ...rest] };
    const encoded = encodeMessagesRequest(edited, createConversionContext()).messages;
    expect(encoded).toHaveLength(4);
    expect(encoded[0]!.role).toBe("user");
  });

  it("keeps a system message inside the conversation at its place, and puts it back there", () => {
    // What Claude Code sends with the mid-conversation-system-2026-04-07 beta.
    const wire = {
      ...base,
      system: "You are Claude Code.",
      messages: [
        { role: "user", content: "list the files" },
        { role: "system", content: [{ type: "text", text: "Be brief." }], output_config: { effort: "low" } },
        { role: "assistant", content: "ok" },
        { role: "user", content: "go" },
      ],
    };
    const request = decode(wire);
    expect(request.messages.map((message) => message.role)).toEqual(["user", "system", "assistant", "user"]);
    expect(request.messages[1]!.parts).toEqual([{ type: "text", text: "Be brief." }]);
    const context = createConversionContext();
    expect(encodeMessagesRequest(request, context)).toEqual(wire);
    expect(context.losses).toEqual([]);
  });

  it("maps settings to their canonical fields", () => {
    expect(everything).toMatchObject({
      maxOutputTokens: 4096,
      temperature: 1,
      topP: 0.95,
      stopSequences: ["\n\nHuman:", "END"],
      stream: true,
      user: "user-7f3a",
      reasoning: { enabled: true, budgetTokens: 2048 },
    });
    expect(everything!.instructions).toEqual([
      {
        role: "system",
        parts: [
          { type: "text", text: "You are terse.", cache: { type: "ephemeral", ttl: "1h" } },
          { type: "text", text: "Cite sources." },
        ],
      },
    ]);
  });

  it("maps sampling settings to their canonical fields", () => {
    expect(sampling).toMatchObject({ temperature: 0.2, topK: 40, topP: 0.9 });
  });

  it("tags thinking signatures with the messages format and names tool results", () => {
    const assistant = everything!.messages[1]!.parts;
    expect(assistant[0]).toEqual({
      type: "reasoning",
      text: "Let me look.",
      signature: { format: "messages", data: "EqQBCkYIBxgCKkBsig" },
    });
    expect(assistant[1]).toEqual({
      type: "reasoning",
      redacted: true,
      signature: { format: "messages", data: "EmwKAhgBEgy3vaQ" },
    });
    expect(assistant[3]).toMatchObject({
      type: "tool-call",
      id: "toolu_01A",
      name: "get_weather",
      arguments: { city: "Paris" },
      cache: { type: "ephemeral" },
    });
    expect(assistant[5]).toMatchObject({
      type: "hosted-tool-call",
      id: "srvtoolu_01C",
      tool: "web_search",
      input: { query: "paris weather" },
    });
    expect(assistant[7]).toMatchObject({
      type: "hosted-tool-result",
      callId: "srvtoolu_01D",
      tool: "web_search",
      isError: true,
    });
    const results = everything!.messages[2]!.parts;
    expect(results[0]).toMatchObject({
      type: "tool-result",
      callId: "toolu_01A",
      name: "get_weather",
      content: [{ type: "text", text: "18°C and sunny" }],
    });
    expect(results[1]).toMatchObject({ type: "tool-result", isError: false, cache: { type: "ephemeral" } });
  });

  it("maps every document source", () => {
    const documents = everything!.messages[0]!.parts.filter(
      (part) => part.type === "media" && part.kind === "document",
    );
    expect(documents.map((part) => part.type === "media" && [part.source, part.mediaType])).toEqual([
      [{ type: "base64", data: "JVBERi0xLjQ=" }, "application/pdf"],
      [{ type: "text", text: "Plain notes." }, "text/plain"],
      [{ type: "url", url: "https://example.com/paper.pdf" }, undefined],
      [{ type: "text", text: "Chunk one.\n\nChunk two." }, undefined],
      [{ type: "text", text: "Just a string." }, undefined],
    ]);
  });

  it("maps tools and tool choices", () => {
    expect(tools!.toolChoice).toEqual({ type: "tool", name: "get_weather" });
    expect(tools!.parallelToolCalls).toBe(false);
    expect(anyParallel!.parallelToolCalls).toBe(true);
    expect(
      tools!.tools!.map((tool) =>
        tool.type === "hosted" ? [tool.kind, tool.version] : [tool.type, tool.name],
      ),
    ).toEqual([
      ["function", "get_weather"],
      ["function", "lookup"],
      ["computer", "computer_20241022"],
      ["bash", "bash_20241022"],
      ["text_editor", "text_editor_20241022"],
      // The default version of each tool is the tool itself: no version.
      ["computer", undefined],
      ["bash", undefined],
      ["text_editor", undefined],
      ["web_search", undefined],
      ["code_execution", undefined],
      ["other", "memory_20250818"],
    ]);
    expect(tools!.tools![2]).toMatchObject({
      settings: { displayWidth: 1024, displayHeight: 768, displayNumber: 1 },
    });
    expect(tools!.tools![8]).toMatchObject({ settings: { maxUses: 5, allowedDomains: ["example.com"] } });
  });
});
