import { CanonicalError, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { responsesErrorToWire } from "../errors/responses-error-to-wire";
import { decodeResponsesRequest } from "./decode-responses-request";
import { encodeResponsesRequest } from "./encode-responses-request";

const decode = (wire: unknown) => decodeResponsesRequest(wire, createConversionContext());

function rejection(wire: unknown): CanonicalError {
  try {
    decode(wire);
  } catch (error) {
    if (CanonicalError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("the request was accepted");
}

const base = { model: "gpt-4.1", input: "Hi" };
const metadataOf = (pairs: number, key = "k", value = "v") =>
  Object.fromEntries(Array.from({ length: pairs }, (_, index) => [`${key}${index}`, value]));

describe("decodeResponsesRequest validation", () => {
  it.each<[string, unknown, string]>([
    ["a missing model", { input: "Hi" }, "model"],
    ["a missing input", { model: "m" }, "input"],
    ["a temperature above 2", { ...base, temperature: 2.5 }, "temperature"],
    ["a negative temperature", { ...base, temperature: -0.1 }, "temperature"],
    ["a top_p above 1", { ...base, top_p: 1.5 }, "top_p"],
    ["17 metadata pairs", { ...base, metadata: metadataOf(17) }, "metadata"],
    [
      "a metadata key over 64 characters",
      { ...base, metadata: { ["k".repeat(65)]: "v" } },
      `metadata.${"k".repeat(65)}`,
    ],
    ["a metadata value over 512 characters", { ...base, metadata: { key: "v".repeat(513) } }, "metadata.key"],
    ["a non-string metadata value", { ...base, metadata: { key: 1 } }, "metadata.key"],
    [
      "a bad json_schema name",
      { ...base, text: { format: { type: "json_schema", name: "has space", schema: {} } } },
      "text.format.name",
    ],
    [
      "a json_schema name over 64 characters",
      { ...base, text: { format: { type: "json_schema", name: "n".repeat(65), schema: {} } } },
      "text.format.name",
    ],
    [
      "a json_schema without schema",
      { ...base, text: { format: { type: "json_schema", name: "ok" } } },
      "text.format.schema",
    ],
    ["an unknown text format", { ...base, text: { format: { type: "yaml" } } }, "text.format.type"],
    [
      "max_num_results above 50",
      { ...base, tools: [{ type: "file_search", vector_store_ids: ["v"], max_num_results: 51 }] },
      "tools.0.max_num_results",
    ],
    [
      "max_num_results below 1",
      { ...base, tools: [{ type: "file_search", vector_store_ids: ["v"], max_num_results: 0 }] },
      "tools.0.max_num_results",
    ],
    [
      "a score_threshold above 1",
      {
        ...base,
        tools: [{ type: "file_search", vector_store_ids: ["v"], ranking_options: { score_threshold: 1.2 } }],
      },
      "tools.0.ranking_options.score_threshold",
    ],
    [
      "file_search without vector stores",
      { ...base, tools: [{ type: "file_search" }] },
      "tools.0.vector_store_ids",
    ],
    [
      "a bad comparison filter",
      {
        ...base,
        tools: [
          { type: "file_search", vector_store_ids: ["v"], filters: { type: "like", key: "a", value: 1 } },
        ],
      },
      "tools.0.filters.type",
    ],
    [
      "a function tool without name",
      { ...base, tools: [{ type: "function", parameters: {} }] },
      "tools.0.name",
    ],
    [
      "a computer tool without display size",
      { ...base, tools: [{ type: "computer_use_preview", environment: "mac", display_width: 10 }] },
      "tools.0.display_height",
    ],
    [
      "a bad user_location type",
      { ...base, tools: [{ type: "web_search_preview", user_location: { type: "exact" } }] },
      "tools.0.user_location.type",
    ],
    [
      "a bad search_context_size",
      { ...base, tools: [{ type: "web_search_preview", search_context_size: "huge" }] },
      "tools.0.search_context_size",
    ],
    ["a bad truncation", { ...base, truncation: "middle" }, "truncation"],
    ["a bad service tier", { ...base, service_tier: "gold" }, "service_tier"],
    ["a bad reasoning summary", { ...base, reasoning: { summary: "verbose" } }, "reasoning.summary"],
    ["a bad tool_choice mode", { ...base, tool_choice: "always" }, "tool_choice"],
    [
      "a function tool_choice without name",
      { ...base, tool_choice: { type: "function" } },
      "tool_choice.name",
    ],
    ["a bad message role", { ...base, input: [{ role: "tool", content: "x" }] }, "input.0.role"],
    [
      "non-text input_text",
      { ...base, input: [{ role: "user", content: [{ type: "input_text", text: 5 }] }] },
      "input.0.content.0.text",
    ],
    [
      "a bad image detail",
      {
        ...base,
        input: [{ role: "user", content: [{ type: "input_image", detail: "max", image_url: "https://a" }] }],
      },
      "input.0.content.0.detail",
    ],
    [
      "an image with no source",
      { ...base, input: [{ role: "user", content: [{ type: "input_image", detail: "auto" }] }] },
      "input.0.content.0",
    ],
    [
      "an unknown content type",
      { ...base, input: [{ role: "user", content: [{ type: "input_video" }] }] },
      "input.0.content.0.type",
    ],
    [
      "a function_call without call_id",
      { ...base, input: [{ type: "function_call", name: "f", arguments: "{}" }] },
      "input.0.call_id",
    ],
    [
      "function_call arguments that are not a string",
      { ...base, input: [{ type: "function_call", call_id: "c", name: "f", arguments: {} }] },
      "input.0.arguments",
    ],
    [
      "a function_call_output without output",
      { ...base, input: [{ type: "function_call_output", call_id: "c" }] },
      "input.0.output",
    ],
    [
      "a reasoning item without summary",
      { ...base, input: [{ type: "reasoning", id: "rs_1" }] },
      "input.0.summary",
    ],
    [
      "a bad computer action",
      {
        ...base,
        input: [
          {
            type: "computer_call",
            id: "c",
            call_id: "c",
            action: { type: "teleport" },
            pending_safety_checks: [],
            status: "completed",
          },
        ],
      },
      "input.0.action.type",
    ],
    [
      "a file_search_call with a bad status",
      { ...base, input: [{ type: "file_search_call", id: "f", queries: [], status: "lost" }] },
      "input.0.status",
    ],
    ["an item_reference without id", { ...base, input: [{ type: "item_reference" }] }, "input.0.id"],
    ["a max_output_tokens of 0", { ...base, max_output_tokens: 0 }, "max_output_tokens"],
    ["a max_output_tokens below 16", { ...base, max_output_tokens: 15 }, "max_output_tokens"],
    ["an unknown include value", { ...base, include: ["reasoning.raw_thoughts"] }, "include.0"],
    ["a metadata value that is null", { ...base, metadata: { key: null } }, "metadata.key"],
    ["a temperature that is a string", { ...base, temperature: "1" }, "temperature"],
    ["a top_logprobs that is an object", { ...base, top_logprobs: { a: true } }, "top_logprobs"],
    ["a top_logprobs above 20", { ...base, top_logprobs: 21 }, "top_logprobs"],
    ["a text.format without type", { ...base, text: { format: { name: "x" } } }, "text.format.type"],
    [
      "an allowed_tools choice with a bad mode",
      { ...base, tool_choice: { type: "allowed_tools", mode: "none", tools: [] } },
      "tool_choice.mode",
    ],
    [
      "a function tool with strict as a string",
      { ...base, tools: [{ type: "function", name: "f", parameters: {}, strict: "yes" }] },
      "tools.0.strict",
    ],
    [
      "a bad reasoning generate_summary",
      { ...base, reasoning: { generate_summary: "long" } },
      "reasoning.generate_summary",
    ],
  ])("rejects %s naming the field", (_name, wire, param) => {
    const error = rejection(wire);
    expect(error.kind).toBe("invalid_request");
    expect(error.param).toBe(param);
    const body = responsesErrorToWire(error);
    expect(body.status).toBe(400);
    expect(body.body.error).toMatchObject({ type: "invalid_request_error", param });
    expect(body.body.error.message).toContain(param);
  });

  it("accepts exactly 16 metadata pairs at the length limits", () => {
    const metadata = Object.fromEntries(
      Array.from({ length: 16 }, (_, index) => [`${index}`.padEnd(64, "k"), "v".repeat(512)]),
    );
    expect(decode({ ...base, metadata }).metadata).toEqual(metadata);
  });

  it("reads output text logprobs asked for in include as the logprobs setting, and echoes include as it came", () => {
    const include = ["reasoning.encrypted_content", "message.output_text.logprobs"];
    const request = decode({ ...base, include, top_logprobs: 3 });
    expect(request).toMatchObject({ logprobs: true, topLogprobs: 3 });
    expect(encodeResponsesRequest(request, createConversionContext())).toMatchObject({ include });
    expect(decode(base).logprobs).toBeUndefined();
  });

  it("accepts temperature 0 and 2 and top_p 0 and 1", () => {
    expect(decode({ ...base, temperature: 0, top_p: 0 })).toMatchObject({ temperature: 0, topP: 0 });
    expect(decode({ ...base, temperature: 2, top_p: 1 })).toMatchObject({ temperature: 2, topP: 1 });
  });

  it("accepts unknown item and tool types and keeps them untouched", () => {
    const wire = {
      ...base,
      input: [{ type: "mcp_call", id: "mcp_1", server_label: "s", name: "n", arguments: "{}" }],
      tools: [{ type: "mcp", server_label: "s", server_url: "https://mcp.example.com" }],
    };
    const context = createConversionContext();
    expect(encodeResponsesRequest(decodeResponsesRequest(wire, context), context)).toEqual(wire);
    expect(context.losses).toEqual([]);
  });
});

describe("decodeResponsesRequest on what Codex CLI sends back", () => {
  it("accepts a reasoning item with content null and encrypted state, and round-trips it", () => {
    const wire = {
      ...base,
      input: [
        { type: "message", role: "user", content: [{ type: "input_text", text: "list the files" }] },
        { type: "reasoning", id: "rs_1", summary: [], content: null, encrypted_content: "gAAAA-sealed" },
        { type: "function_call", call_id: "call_1", name: "shell", arguments: "{}" },
        { type: "function_call_output", call_id: "call_1", output: "a.txt" },
      ],
    };
    const context = createConversionContext();
    const request = decodeResponsesRequest(wire, context);
    expect(request.messages[1]!.parts[0]).toMatchObject({
      type: "reasoning",
      signature: { format: "responses", data: "gAAAA-sealed" },
    });
    expect(encodeResponsesRequest(request, context)).toEqual(wire);
    expect(context.losses).toEqual([]);
  });
});

describe("decodeResponsesRequest on Codex CLI's tools", () => {
  const namespaceTool = {
    type: "namespace",
    name: "mcp__docs",
    description: "Tools of the docs MCP server",
    tools: [
      {
        type: "function",
        name: "search",
        description: "Search",
        strict: false,
        parameters: { type: "object" },
      },
      { type: "function", name: "open", strict: false, parameters: { type: "object" } },
    ],
  };

  it("flattens a namespace into function tools that round-trip, calls included", () => {
    const wire = {
      ...base,
      input: [
        { type: "message", role: "user", content: "find it" },
        { type: "function_call", call_id: "c1", name: "search", namespace: "mcp__docs", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output: "found" },
      ],
      tools: [
        { type: "function", name: "shell", strict: false, parameters: { type: "object" } },
        namespaceTool,
      ],
    };
    const context = createConversionContext();
    const request = decode(wire);
    expect(request.tools!.map((tool) => tool.type === "function" && tool.name)).toEqual([
      "shell",
      "mcp__docs__search",
      "mcp__docs__open",
    ]);
    expect(request.messages[1]!.parts[0]).toMatchObject({ type: "tool-call", name: "mcp__docs__search" });
    expect(encodeResponsesRequest(request, context)).toEqual(wire);
    expect(context.losses).toEqual([]);
  });

  it("reads every web_search spelling as the hosted web search, and writes each back", () => {
    for (const tool of [
      { type: "web_search", external_web_access: true },
      { type: "web_search", filters: { allowed_domains: ["example.com"] }, search_context_size: "low" },
      { type: "web_search_2025_08_26" },
      { type: "web_search_preview", domains: ["example.com"] },
      { type: "web_search_preview_2025_03_11" },
    ]) {
      const request = decode({ ...base, tools: [tool] });
      expect(request.tools![0]).toMatchObject({ type: "hosted", kind: "web_search" });
      const context = createConversionContext();
      expect(encodeResponsesRequest(request, context).tools).toEqual([tool]);
      expect(context.losses).toEqual([]);
    }
    expect(
      decode({ ...base, tools: [{ type: "web_search", filters: { allowed_domains: ["a.com"] } }] }).tools![0],
    ).toMatchObject({ settings: { allowedDomains: ["a.com"] } });
  });
});

describe("decodeResponsesRequest mapping", () => {
  it("reads a string input as one user text message and instructions as a system instruction", () => {
    expect(decode({ ...base, instructions: "Be brief." })).toMatchObject({
      model: "gpt-4.1",
      instructions: [{ role: "system", parts: [{ type: "text", text: "Be brief." }] }],
      messages: [{ role: "user", parts: [{ type: "text", text: "Hi" }] }],
    });
  });

  it("reads include message.output_text.logprobs as the logprobs request, and writes it back", () => {
    const wire = { ...base, include: ["reasoning.encrypted_content", "message.output_text.logprobs"] };
    const context = createConversionContext();
    const request = decodeResponsesRequest(wire, context);
    expect(request.logprobs).toBe(true);
    // The other entries stay this format's own, reported where they go elsewhere.
    expect(request.extensions?.responses?.include).toEqual(["reasoning.encrypted_content"]);
    expect(context.sourcePath("/logprobs")).toBe("/include/1");
    expect(encodeResponsesRequest(request, createConversionContext()).include).toEqual(wire.include);
    const alone = decode({ ...base, include: ["message.output_text.logprobs"] });
    expect(alone.logprobs).toBe(true);
    expect(alone.extensions?.responses?.include).toBeUndefined();
  });

  it("reads a web search user location in core's one shape (type said, nulls left out)", () => {
    const request = decode({
      ...base,
      tools: [{ type: "web_search", user_location: { city: "Paris", region: null, country: "FR" } }],
    });
    const tool = request.tools?.[0];
    expect(tool?.type === "hosted" && tool.settings?.userLocation).toEqual({
      type: "approximate",
      city: "Paris",
      country: "FR",
    });
  });

  it("keeps system and developer messages in place", () => {
    const request = decode({
      ...base,
      input: [
        { role: "user", content: "a" },
        { role: "developer", content: "b" },
        { role: "system", content: "c" },
        { role: "user", content: "d" },
      ],
    });
    expect(request.messages.map((message) => message.role)).toEqual(["user", "developer", "system", "user"]);
    expect(request.instructions).toBeUndefined();
  });

  it("groups reasoning, message and calls into one assistant turn and outputs into one tool turn", () => {
    const request = decode({
      ...base,
      input: [
        { role: "user", content: "weather?" },
        { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "enc" },
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          name: "weather",
          arguments: '{"city":"Paris"}',
        },
        { type: "function_call", id: "fc_2", call_id: "call_2", name: "time", arguments: "{}" },
        { type: "function_call_output", call_id: "call_1", output: "sunny" },
        { type: "function_call_output", call_id: "call_2", output: "noon" },
      ],
    });
    expect(request.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(request.messages[1]!.parts).toMatchObject([
      { type: "reasoning", signature: { format: "responses", data: "enc" } },
      {
        type: "tool-call",
        id: "call_1",
        name: "weather",
        arguments: { city: "Paris" },
        extensions: { responses: { id: "fc_1" } },
      },
      { type: "tool-call", id: "call_2", name: "time", arguments: {} },
    ]);
    expect(request.messages[2]!.parts).toMatchObject([
      { type: "tool-result", callId: "call_1", name: "weather", content: [{ type: "text", text: "sunny" }] },
      { type: "tool-result", callId: "call_2", name: "time", content: [{ type: "text", text: "noon" }] },
    ]);
  });

  it("maps tools to canonical function and hosted tools with camelCase settings", () => {
    const request = decode({
      ...base,
      model: "o3",
      tools: [
        {
          type: "file_search",
          vector_store_ids: ["vs"],
          max_num_results: 5,
          ranking_options: { ranker: "auto", score_threshold: 0.2 },
        },
        {
          type: "web_search_preview_2025_03_11",
          search_context_size: "low",
          user_location: { type: "approximate", city: "Oslo" },
        },
        { type: "computer_use_preview", display_width: 800, display_height: 600, environment: "linux" },
      ],
      tool_choice: { type: "web_search_preview" },
      reasoning: { effort: "low", generate_summary: "concise" },
      text: { format: { type: "json_object" } },
    });
    expect(request.tools).toMatchObject([
      {
        type: "hosted",
        kind: "file_search",
        settings: {
          vectorStoreIds: ["vs"],
          maxNumResults: 5,
          rankingOptions: { ranker: "auto", scoreThreshold: 0.2 },
        },
      },
      {
        type: "hosted",
        kind: "web_search",
        version: "web_search_preview_2025_03_11",
        settings: { searchContextSize: "low", userLocation: { type: "approximate", city: "Oslo" } },
      },
      {
        type: "hosted",
        kind: "computer",
        settings: { displayWidth: 800, displayHeight: 600, environment: "linux" },
      },
    ]);
    expect(request.toolChoice).toEqual({ type: "hosted", kind: "web_search" });
    // An effort turns thinking on (decision 0044).
    expect(request.reasoning).toEqual({ enabled: true, effort: "low", summary: "concise" });
    expect(request.outputFormat).toEqual({ type: "json" });
  });

  it("reads parameters null as the schema of no parameters, and strict unstated as the service's default", () => {
    const tools = [
      { type: "function", name: "a", parameters: null, strict: null },
      { type: "function", name: "b", parameters: { type: "object" } },
      { type: "function", name: "c", parameters: { type: "object" }, strict: false },
    ];
    const request = decode({ ...base, tools });
    expect(request.tools?.map((tool) => (tool.type === "function" ? tool.inputSchema : undefined))).toEqual([
      { type: "object", properties: {} },
      { type: "object" },
      { type: "object" },
    ]);
    expect(request.tools?.map((tool) => tool.extensions?.responses?.strictByDefault)).toEqual([
      true,
      true,
      undefined,
    ]);
    // Back to responses as they came.
    const wire = encodeResponsesRequest(request, createConversionContext()) as { tools: unknown };
    expect(wire.tools).toEqual(tools);
  });
});
