import type { ChatResponse } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ConversionReport, createGateway, type GatewayConfig } from "../../src/index";
import { textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

// Bodies the agent CLIs send that the published specs lag behind (issue 13): the gateway must
// route them, pass them through untouched to their own format, and convert them elsewhere.

const callerKey = "caller-key-0123456789";
let messagesUpstream: ScriptedUpstream;
let responsesUpstream: ScriptedUpstream;

beforeAll(async () => {
  messagesUpstream = await createScriptedUpstream(messagesCodec);
  responsesUpstream = await createScriptedUpstream(responsesCodec);
});
afterAll(async () => {
  await messagesUpstream.close();
  await responsesUpstream.close();
});
beforeEach(() => {
  messagesUpstream.calls.length = 0;
  responsesUpstream.calls.length = 0;
  messagesUpstream.answer(() => ({ response: textAnswer("from messages") }));
  responsesUpstream.answer(() => ({ response: textAnswer("from responses") }));
});

const gateway = () => {
  const config: GatewayConfig = {
    auth: { keys: [callerKey] },
    providers: {
      anthropic: { type: "messages", baseURL: messagesUpstream.url, apiKey: "upstream-a" },
      openai: { type: "responses", baseURL: responsesUpstream.url, apiKey: "upstream-o" },
    },
    routes: [
      { model: "claude-*", provider: "anthropic" },
      { model: "gpt-*", provider: "openai" },
    ],
    secret: "a-sealing-secret-for-tests",
  };
  return createGateway(config);
};

const midConversationBeta = "mid-conversation-system-2026-04-07";

/** What Claude Code sends with its default model: a system message inside `messages`. */
const claudeCodeBody = (model: string) => ({
  model,
  max_tokens: 1024,
  system: [{ type: "text", text: "You are Claude Code." }],
  messages: [
    { role: "user", content: [{ type: "text", text: "list the files" }] },
    { role: "system", content: "The user's working folder is /tmp/project." },
  ],
});

const messagesCall = (body: unknown) =>
  new Request("http://gateway.test/v1/messages", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": callerKey,
      "anthropic-version": "2023-06-01",
      "anthropic-beta": `claude-code-20250219,${midConversationBeta}`,
    },
    body: JSON.stringify(body),
  });

describe("Claude Code's system message inside the conversation", () => {
  it("passes through to a messages backend untouched, with the beta that allows it", async () => {
    const body = claudeCodeBody("claude-sonnet-4-5");
    const answer = await gateway().fetch(messagesCall(body));
    expect(answer.status).toBe(200);
    const [call] = messagesUpstream.calls;
    expect(call!.wire.messages).toEqual(body.messages);
    expect(call!.headers.get("anthropic-beta")).toContain(midConversationBeta);
  });

  it("reaches a responses backend as a system message at the same place", async () => {
    const answer = await gateway().fetch(messagesCall(claudeCodeBody("gpt-5")));
    expect(answer.status).toBe(200);
    const input = responsesUpstream.calls[0]!.wire.input as { role?: string }[];
    expect(input.map((item) => item.role)).toEqual(["user", "system"]);
  });

  it("is still refused where the real API refuses it: as the first message", async () => {
    const answer = await gateway().fetch(
      messagesCall({ ...claudeCodeBody("claude-sonnet-4-5"), messages: [{ role: "system", content: "x" }] }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error", message: expect.stringContaining("messages.0.role") },
    });
    expect(messagesUpstream.calls).toHaveLength(0);
  });
});

describe("Codex CLI's second turn", () => {
  it("passes its reasoning item with content null through to a responses backend", async () => {
    const input = [
      { type: "message", role: "user", content: [{ type: "input_text", text: "list the files" }] },
      { type: "reasoning", id: "rs_1", summary: [], content: null, encrypted_content: "gAAAA-sealed" },
      { type: "function_call", call_id: "call_1", name: "shell", arguments: '{"command":["ls"]}' },
      { type: "function_call_output", call_id: "call_1", output: "a.txt" },
    ];
    const answer = await gateway().fetch(
      new Request("http://gateway.test/v1/responses", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${callerKey}` },
        body: JSON.stringify({
          model: "gpt-5",
          input,
          store: false,
          include: ["reasoning.encrypted_content"],
        }),
      }),
    );
    expect(answer.status).toBe(200);
    expect(responsesUpstream.calls[0]!.wire.input).toEqual(input);
  });
});

describe("Codex CLI's namespace tools over a messages backend", () => {
  const tools = [
    { type: "function", name: "shell", strict: false, parameters: { type: "object", properties: {} } },
    {
      type: "namespace",
      name: "mcp__docs",
      description: "Tools of the docs MCP server",
      tools: [
        { type: "function", name: "search", strict: false, parameters: { type: "object", properties: {} } },
      ],
    },
    { type: "web_search", external_web_access: true },
  ];
  const callsSearch: ChatResponse = {
    id: "msg_1",
    model: "claude-sonnet-4-5",
    parts: [{ type: "tool-call", id: "toolu_1", name: "mcp__docs__search", arguments: { q: "x" } }],
    finishReason: { reason: "tool_calls" },
    usage: {},
    status: "completed",
  };
  const codexCall = (stream: boolean) =>
    new Request("http://gateway.test/v1/responses", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${callerKey}` },
      body: JSON.stringify({ model: "claude-sonnet-4-5", input: "find x", tools, stream }),
    });

  it("offers the members as tools and answers the call with its namespace and own name", async () => {
    messagesUpstream.answer(() => ({ response: callsSearch }));
    const answer = await gateway().fetch(codexCall(false));
    expect(answer.status).toBe(200);
    const sent = messagesUpstream.calls[0]!.wire.tools as { name: string; type?: string }[];
    expect(sent.map((tool) => tool.name)).toEqual(["shell", "mcp__docs__search", "web_search"]);
    const body = (await answer.json()) as { output: Record<string, unknown>[] };
    expect(body.output).toEqual([
      expect.objectContaining({
        type: "function_call",
        name: "search",
        namespace: "mcp__docs",
        call_id: "toolu_1",
      }),
    ]);
  });

  it("streams the call with its namespace and own name", async () => {
    messagesUpstream.answer(() => ({ response: callsSearch }));
    const answer = await gateway().fetch(codexCall(true));
    const text = await answer.text();
    const items = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; item?: Record<string, unknown> })
      .filter(
        (event) => event.type === "response.output_item.added" || event.type === "response.output_item.done",
      );
    expect(items.map((event) => [event.item!.name, event.item!.namespace])).toEqual([
      ["search", "mcp__docs"],
      ["search", "mcp__docs"],
    ]);
  });
});

describe("Codex CLI's fields no codec maps", () => {
  const codexBody = {
    model: "gpt-5",
    input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "list the files" }] }],
    store: false,
    include: ["reasoning.encrypted_content"],
    prompt_cache_key: "01a2180b-ec16-7ad3-acbc-9ef23c5a2e80",
    client_metadata: { session_id: "s-1", turn_id: "t-1" },
    text: { verbosity: "low" },
  };
  const codexCall = (model: string) =>
    new Request("http://gateway.test/v1/responses", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${callerKey}` },
      body: JSON.stringify({ ...codexBody, model }),
    });
  const reporting = () => {
    const reports: ConversionReport[] = [];
    const config: GatewayConfig = {
      auth: { keys: [callerKey] },
      providers: {
        anthropic: { type: "messages", baseURL: messagesUpstream.url, apiKey: "upstream-a" },
        openai: { type: "responses", baseURL: responsesUpstream.url, apiKey: "upstream-o" },
      },
      routes: [
        { model: "claude-*", provider: "anthropic" },
        { model: "gpt-*", provider: "openai" },
      ],
      onConversion: (report) => reports.push(report),
    };
    return { gateway: createGateway(config), reports };
  };

  it("reach a responses backend as they came", async () => {
    const { gateway: passing, reports } = reporting();
    expect((await passing.fetch(codexCall("gpt-5"))).status).toBe(200);
    expect(responsesUpstream.calls[0]!.wire).toMatchObject(codexBody);
    expect(reports[0]!.losses).toEqual([]);
  });

  it("are each a reported loss on the way to another format, never a refusal", async () => {
    const { gateway: converting, reports } = reporting();
    expect((await converting.fetch(codexCall("claude-sonnet-4-5"))).status).toBe(200);
    const sent = messagesUpstream.calls[0]!.wire;
    for (const field of ["include", "prompt_cache_key", "client_metadata", "text"])
      expect(sent).not.toHaveProperty(field);
    expect(reports[0]!.losses.filter((loss) => loss.message.includes("has no equivalent"))).toEqual([
      expect.objectContaining({ code: "dropped", path: "/include" }),
      expect.objectContaining({ code: "dropped", path: "/client_metadata" }),
      expect.objectContaining({ code: "dropped", path: "/text/verbosity" }),
    ]);
    // A canonical setting (carried to chat-completions) the messages encoder has no field for.
    expect(reports[0]!.losses).toContainEqual(
      expect.objectContaining({ code: "unsupported", path: "/prompt_cache_key" }),
    );
  });
});

describe("Claude Code's fields no codec maps", () => {
  it("are each a reported loss on the way to another format", async () => {
    const reports: ConversionReport[] = [];
    const converting = createGateway({
      auth: { keys: [callerKey] },
      providers: { openai: { type: "responses", baseURL: responsesUpstream.url, apiKey: "upstream-o" } },
      routes: [{ model: "*", provider: "openai", upstreamModel: "gpt-5" }],
      onConversion: (report) => reports.push(report),
    });
    const body = {
      ...claudeCodeBody("claude-opus-5-5"),
      thinking: { type: "adaptive", display: "omitted" },
      context_management: { edits: [{ type: "clear_thinking_20251015", keep: "all" }] },
    };
    expect((await converting.fetch(messagesCall(body))).status).toBe(200);
    expect(reports[0]!.losses.filter((loss) => loss.message.includes("has no equivalent"))).toEqual([
      expect.objectContaining({ code: "dropped", path: "/context_management" }),
      expect.objectContaining({ code: "dropped", path: "/thinking/display" }),
    ]);
  });
});

describe("Gemini CLI's whole (not streamed) calls to a generate-content backend", () => {
  it("are passed through as they came, unknown fields and all", async () => {
    const upstream = await createScriptedUpstream(generateContentCodec);
    try {
      upstream.answer(() => ({ response: textAnswer('{"complexity_score": 1}') }));
      const reports: ConversionReport[] = [];
      const passing = createGateway({
        auth: { keys: [callerKey] },
        providers: { google: { type: "generate-content", baseURL: upstream.url, apiKey: "upstream-g" } },
        routes: [{ model: "*", provider: "google" }],
        onConversion: (report) => reports.push(report),
      });
      // The routing classifier's call: upper-case types, and a field no codec knows.
      const body = {
        contents: [{ role: "user", parts: [{ text: "Rate it." }] }],
        generationConfig: { responseMimeType: "application/json", responseJsonSchema: { type: "OBJECT" } },
        labels: { source: "gemini-cli" },
      };
      const answer = await passing.fetch(
        new Request("http://gateway.test/v1beta/models/gemini-3.5-flash-lite:generateContent", {
          method: "POST",
          headers: { "content-type": "application/json", "x-goog-api-key": callerKey },
          body: JSON.stringify(body),
        }),
      );
      expect(answer.status).toBe(200);
      expect(reports[0]!.passThrough).toBe(true);
      expect(upstream.calls[0]!.wire).toEqual(body);
    } finally {
      await upstream.close();
    }
  });
});

describe("Codex CLI's default model, which announces its tools in an additional_tools item", () => {
  it("has those tools offered to a messages backend, and called back by their namespace", async () => {
    messagesUpstream.answer(() => ({
      response: {
        id: "msg_1",
        model: "claude-sonnet-4-5",
        parts: [{ type: "tool-call", id: "toolu_1", name: "clock__sleep", arguments: { duration_ms: 1000 } }],
        finishReason: { reason: "tool_calls" },
        usage: {},
        status: "completed",
      },
    }));
    const sleep = {
      type: "function",
      name: "sleep",
      strict: false,
      parameters: { type: "object", properties: {} },
    };
    const answer = await gateway().fetch(
      new Request("http://gateway.test/v1/responses", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${callerKey}` },
        body: JSON.stringify({
          model: "claude-sonnet-4-5",
          input: [
            {
              type: "additional_tools",
              id: "at_1",
              role: "developer",
              tools: [{ type: "namespace", name: "clock", description: "", tools: [sleep] }],
            },
            { type: "message", role: "user", content: [{ type: "input_text", text: "Wait a second." }] },
          ],
        }),
      }),
    );
    expect(answer.status).toBe(200);
    const sent = messagesUpstream.calls[0]!.wire.tools as { name: string }[];
    expect(sent.map((tool) => tool.name)).toEqual(["clock__sleep"]);
    const { output } = (await answer.json()) as { output: Record<string, unknown>[] };
    expect(output).toEqual([
      expect.objectContaining({ type: "function_call", namespace: "clock", name: "sleep" }),
    ]);
  });
});
