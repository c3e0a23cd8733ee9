import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import { type ToolNameRule, toolNamesFor } from "./tool-name-rule";
import { restoreToolNames, withLegalToolNames } from "./with-legal-tool-names";

const geminiLike: ToolNameRule = {
  legal: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
  character: /[A-Za-z0-9_.:-]/,
  maxLength: 64,
  letterFirst: true,
};
const openAiLike: ToolNameRule = {
  legal: /^[a-zA-Z0-9_-]{1,64}$/,
  character: /[a-zA-Z0-9_-]/,
  maxLength: 64,
};

const name = fc.oneof(
  fc.stringMatching(/^[a-z_]{1,8}$/),
  fc.constantFrom("1st", "-x", "a.b", "a:b", "a b", "é", "", "x".repeat(64), "x".repeat(65), "y".repeat(130)),
  fc.string({ maxLength: 70 }),
);

const requestWith = (names: string[]): ChatRequest => ({
  model: "m",
  tools: names.map((toolName) => ({ type: "function", name: toolName, inputSchema: { type: "object" } })),
  messages: [
    { role: "user", parts: [{ type: "text", text: "hi" }] },
    {
      role: "assistant",
      parts: names.map((toolName, index) => ({
        type: "tool-call",
        id: `c${index}`,
        name: toolName,
        arguments: {},
      })),
    },
  ],
  ...(names[0] !== undefined && { toolChoice: { type: "tool", name: names[0] } }),
});

describe("toolNamesFor and withLegalToolNames", () => {
  for (const [label, rule] of [
    ["letter first, dots and colons", geminiLike],
    ["letters, digits, _ and -", openAiLike],
  ] as const)
    it(`sends only legal, distinct names and gives every one back (${label})`, () => {
      fc.assert(
        fc.property(fc.uniqueArray(name, { maxLength: 6 }), (names) => {
          const request = requestWith(names);
          const context = createConversionContext();
          const sent = withLegalToolNames(request, rule, context);
          const wireNames = sent.tools!.map((tool) => (tool.type === "function" ? tool.name : ""));
          for (const wire of wireNames) expect(wire).toMatch(rule.legal);
          expect(new Set(wireNames).size).toBe(names.length);
          // A legal name stays; each rename is a loss wherever the name is said: the tool, the
          // forced choice, each call of it.
          const lossPaths = context.losses.map((loss) => loss.path);
          names.forEach((original, index) => {
            const renamed = !rule.legal.test(original);
            if (!renamed) expect(wireNames[index]).toBe(original);
            for (const path of [
              `/tools/${index}/name`,
              `/messages/1/parts/${index}/name`,
              ...(index === 0 ? ["/toolChoice/name"] : []),
            ])
              expect(lossPaths.includes(path)).toBe(renamed);
          });
          if (names[0] !== undefined) expect(sent.toolChoice).toEqual({ type: "tool", name: wireNames[0] });
          const calls = sent.messages[1]!.parts.map((part) => (part.type === "tool-call" ? part.name : ""));
          expect(calls).toEqual(wireNames);
          // The answer naming the sent names is read with the request's own.
          const answer = restoreToolNames(
            {
              id: "r",
              model: "m",
              parts: wireNames.map((wire, index) => ({
                type: "tool-call",
                id: `a${index}`,
                name: wire,
                arguments: {},
              })),
              finishReason: { reason: "tool_calls" },
              usage: {},
              status: "completed",
            },
            toolNamesFor(request, rule),
          );
          expect(answer.parts.map((part) => (part.type === "tool-call" ? part.name : ""))).toEqual(names);
        }),
        { numRuns: 300 },
      );
    });

  it("reports a renamed name at each place a turn or an allowed list says it", () => {
    const request: ChatRequest = {
      model: "m",
      messages: [
        {
          role: "assistant",
          parts: [{ type: "tool-call", id: "c1", name: "a b", arguments: {} }],
        },
        { role: "tool", parts: [{ type: "tool-result", callId: "c1", name: "a b", content: [] }] },
      ],
      toolChoice: { type: "required", allowed: ["ok", "a b"] },
    };
    const context = createConversionContext();
    const sent = withLegalToolNames(request, openAiLike, context);
    expect(sent.toolChoice).toEqual({ type: "required", allowed: ["ok", "a_b"] });
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["approximated", "/toolChoice/allowed/1"],
      ["approximated", "/messages/0/parts/0/name"],
      ["approximated", "/messages/1/parts/0/name"],
    ]);
  });

  it("leaves a request whose names the format takes as it is", () => {
    const request = requestWith(["get_weather", "lookup"]);
    const context = createConversionContext();
    expect(withLegalToolNames(request, openAiLike, context)).toBe(request);
    expect(context.losses).toEqual([]);
  });
});
