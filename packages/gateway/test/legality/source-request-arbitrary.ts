import type { ChatRequest, FunctionTool, Message, Part, Tool } from "@interlingua/core";
import { mediaPartArbitrary, textPartArbitrary, toolArbitrary } from "@interlingua/core/test";
import fc from "fast-check";
import { jsonSchemaKeywordArbitrary } from "./json-schema-keyword-arbitrary";

/**
 * Model names of every family the backends' documents distinguish, and names no table knows (a
 * deployment's own), by backend format.
 */
export const modelsByBackend = {
  messages: ["claude-sonnet-4-5", "claude-opus-4-1-20250805", "claude-3-5-haiku-latest", "our-claude"],
  responses: [
    "gpt-5",
    "gpt-5-mini",
    "gpt-5.1",
    "gpt-5.2",
    "gpt-5-chat-latest",
    "o3",
    "o4-mini",
    "gpt-4.1",
    "gpt-4o",
    "our-deployment",
  ],
  "generate-content": [
    "gemini-2.5-pro",
    "gemini-2.5-flash",
    "gemini-2.5-flash-lite",
    "gemini-3-pro-preview",
    "gemini-3-flash-preview",
    "our-tuned-gemini",
  ],
  "chat-completions": [
    "gpt-5",
    "gpt-5.1",
    "gpt-5.2",
    "gpt-5-chat-latest",
    "o3",
    "o4-mini",
    "gpt-4.1",
    "gpt-4o",
    "deepseek-reasoner",
    "deepseek-chat",
    "qwen3-8b",
  ],
  interactions: [
    "gemini-2.5-pro",
    "gemini-2.5-flash",
    "gemini-3-pro-preview",
    "gemini-3-flash-preview",
    "our-tuned-gemini",
  ],
} as const;

/** Tool names: ordinary ones, and ones some formats refuse (a leading digit or dash, `.`, `:`, 65 to 128 characters). */
const toolName = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z_]{0,11}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "1st_tool",
      "-dash",
      "ns.tool",
      "ns:tool",
      "a".repeat(64),
      "b".repeat(65),
      `get_${"weather_".repeat(17)}`,
      "x".repeat(128),
    ),
  },
);

const functionTool: fc.Arbitrary<FunctionTool> = fc.record(
  {
    type: fc.constant("function" as const),
    name: toolName,
    description: fc.oneof(fc.constant(""), fc.string({ maxLength: 30 })),
    inputSchema: fc.oneof(
      jsonSchemaKeywordArbitrary,
      fc.constant({ type: "object", properties: {} }),
      fc.constant({ type: "object", properties: {}, required: [] }),
      fc.constant({ type: "object" }),
    ),
    strict: fc.boolean(),
  },
  { requiredKeys: ["type", "name", "inputSchema"] },
);

/** Tool lists: none, a few, and very many (each name kept unique, as every format requires). */
const toolsArbitrary: fc.Arbitrary<Tool[]> = fc
  .oneof(
    { weight: 1, arbitrary: fc.constant([] as Tool[]) },
    { weight: 8, arbitrary: fc.array(functionTool, { minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.array(toolArbitrary, { minLength: 1, maxLength: 2 }) },
    {
      weight: 1,
      arbitrary: fc.constant(
        Array.from(
          { length: 130 },
          (_, index): Tool => ({
            type: "function",
            name: `tool_${index}`,
            inputSchema: { type: "object", properties: { q: { type: "string" } } },
          }),
        ),
      ),
    },
  )
  .map((tools) => {
    const seen = new Set<string>();
    return tools.filter((tool) => {
      const name = tool.type === "function" ? tool.name : `${tool.kind}:${tool.name ?? ""}`;
      if (seen.has(name)) return false;
      seen.add(name);
      return true;
    });
  });

const signature = fc.record({
  format: fc.constantFrom("messages", "responses", "generate-content"),
  data: fc.base64String({ minLength: 8, maxLength: 32 }),
});

/** Media a caller of any format can send: inline data or a URL (file ids belong to one provider's storage). */
const inlineMedia = mediaPartArbitrary.filter(
  (part) => part.source.type === "base64" || (part.source.type === "url" && /^https?:/.test(part.source.url)),
);

/** One exchange of a conversation: a user turn, the assistant's answer, and its tool results. */
interface Exchange {
  user: Part[];
  reasoning?: Part;
  text?: string;
  calls: number;
  /** How the results answer the calls: all, one missing, or one surplus. */
  answers: "all" | "fewer" | "more";
  /** Calls and results of empty ids (a format without ids sent none; their order pairs them). */
  idless?: boolean;
}

const exchangeArbitrary: fc.Arbitrary<Exchange> = fc.record(
  {
    user: fc.array(fc.oneof({ weight: 5, arbitrary: textPartArbitrary }, inlineMedia), {
      minLength: 1,
      maxLength: 2,
    }),
    reasoning: fc.record(
      {
        type: fc.constant("reasoning" as const),
        text: fc.string({ maxLength: 30 }),
        signature,
        redacted: fc.boolean(),
      },
      { requiredKeys: ["type"] },
    ),
    text: fc.string({ maxLength: 30 }),
    calls: fc.constantFrom(0, 0, 1, 2, 3),
    answers: fc.constantFrom("all", "all", "all", "fewer", "more"),
    idless: fc.boolean(),
  },
  { requiredKeys: ["user", "calls", "answers"] },
);

/** A conversation whose tool calls name the request's tools and are answered right after, mostly. */
function conversation(exchanges: Exchange[], tools: readonly Tool[], lastUser: boolean): Message[] {
  const names = tools.flatMap((tool) => (tool.type === "function" ? [tool.name] : []));
  const messages: Message[] = [];
  exchanges.forEach((exchange, turn) => {
    messages.push({ role: "user", parts: exchange.user });
    const parts: Part[] = [];
    if (exchange.reasoning) parts.push(exchange.reasoning);
    if (exchange.text !== undefined) parts.push({ type: "text", text: exchange.text });
    const calls = names.length === 0 ? 0 : exchange.calls;
    for (let index = 0; index < calls; index++)
      parts.push({
        type: "tool-call",
        id: exchange.idless ? "" : `call_${turn}_${index}${index === 2 ? "x".repeat(70) : ""}`,
        name: names[(turn + index) % names.length]!,
        arguments: { q: `${turn}.${index}` },
      });
    if (parts.length === 0) parts.push({ type: "text", text: "ok" });
    messages.push({ role: "assistant", parts });
    if (calls === 0) return;
    const answered = exchange.answers === "fewer" ? calls - 1 : calls;
    const results: Part[] = [];
    const madeCalls = parts.filter((part) => part.type === "tool-call");
    for (let index = 0; index < answered; index++) {
      const call = madeCalls[index] as Extract<Part, { type: "tool-call" }>;
      results.push({
        type: "tool-result",
        callId: call.id,
        name: call.name,
        content: [{ type: "text", text: "result" }],
      });
    }
    if (exchange.answers === "more")
      results.push({
        type: "tool-result",
        callId: `call_${turn}_surplus`,
        name: names[0]!,
        content: [{ type: "text", text: "surplus" }],
      });
    if (results.length > 0) messages.push({ role: "tool", parts: results });
  });
  if (lastUser || messages.length === 0 || messages.at(-1)?.role === "assistant")
    messages.push({ role: "user", parts: [{ type: "text", text: "go on" }] });
  return messages;
}

const reasoningArbitrary = fc.record(
  {
    enabled: fc.boolean(),
    budgetTokens: fc.constantFrom(
      -1,
      0,
      1,
      50,
      127,
      128,
      511,
      512,
      1023,
      1024,
      8192,
      24_576,
      24_577,
      32_768,
      32_769,
      100_000,
    ),
    effort: fc.constantFrom("none", "minimal", "low", "medium", "high", "xhigh", "max"),
    summary: fc.constantFrom("auto", "concise", "detailed"),
    includeThoughts: fc.boolean(),
  },
  { requiredKeys: [] },
);

/**
 * Canonical requests biased to the edges of every setting the backends constrain: numeric extremes,
 * every thinking setting, empty and very long tool lists, schemas using every keyword, tool names
 * some formats refuse, long identifiers and call ids, conversations whose tool results do not match
 * their calls. Encoded by a source format's codec, they are what a caller of that format sends.
 */
export const sourceRequestArbitrary: fc.Arbitrary<ChatRequest> = fc
  .record(
    {
      tools: toolsArbitrary,
      exchanges: fc.array(exchangeArbitrary, { maxLength: 3 }),
      lastUser: fc.boolean(),
      settings: fc.record(
        {
          instructions: fc.constant([
            { role: "system" as const, parts: [{ type: "text" as const, text: "Be brief." }] },
          ]),
          toolChoice: fc.oneof(
            fc.constant({ type: "auto" as const }),
            fc.constant({ type: "none" as const }),
            fc.constant({ type: "required" as const }),
            fc.constant({ type: "tool" as const, name: "first" }),
          ),
          parallelToolCalls: fc.boolean(),
          maxOutputTokens: fc.constantFrom(1, 15, 16, 1023, 1024, 1025, 2048, 4096, 32_000, 128_000),
          temperature: fc.constantFrom(0, 0.5, 1, 1.5, 2),
          topP: fc.constantFrom(0, 0.5, 0.94, 0.95, 1),
          topK: fc.constantFrom(1, 40, 500),
          stopSequences: fc.array(fc.constantFrom("END", "STOP", "\n\n"), { minLength: 1, maxLength: 7 }),
          seed: fc.constantFrom(0, 42, 2_147_483_647),
          presencePenalty: fc.constantFrom(-2, 0, 2),
          frequencyPenalty: fc.constantFrom(-2, 0, 2),
          outputFormat: fc.oneof(
            fc.constant({ type: "text" as const }),
            fc.constant({ type: "json" as const }),
            fc.record(
              {
                type: fc.constant("json-schema" as const),
                name: fc.constantFrom("answer", "my answer!", "n".repeat(70)),
                schema: jsonSchemaKeywordArbitrary,
                strict: fc.boolean(),
              },
              { requiredKeys: ["type", "schema"] },
            ),
            fc.constant({ type: "enum" as const, values: ["yes", "no"] }),
          ),
          reasoning: reasoningArbitrary,
          metadata: fc.constant({ user_id: "u".repeat(150) }),
          user: fc.constantFrom("alice", "u".repeat(150)),
          serviceTier: fc.constantFrom("auto", "default", "flex", "priority", "scale", "standard_only"),
          stream: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ["tools", "exchanges", "lastUser", "settings"] },
  )
  .map(({ tools, exchanges, lastUser, settings }) => {
    const request: ChatRequest = {
      model: "",
      messages: conversation(exchanges, tools, lastUser),
      ...settings,
    };
    if (tools.length > 0) request.tools = tools;
    const firstFunction = tools.find((tool) => tool.type === "function");
    if (request.toolChoice?.type === "tool")
      request.toolChoice = { type: "tool", name: firstFunction?.name ?? "absent_tool" };
    return request;
  });
