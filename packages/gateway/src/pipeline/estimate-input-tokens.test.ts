import type { ChatRequest } from "@interlingua/core";
import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { estimateInputTokens, requestText, textPieces } from "./estimate-input-tokens";

const request = (text: string): ChatRequest => ({
  model: "m",
  messages: [{ role: "user", parts: [{ type: "text", text }] }],
});

describe("estimateInputTokens", () => {
  it("cuts text into pieces of at most 2048 characters that join back to it", () => {
    const text = fc
      .array(fc.oneof(fc.string(), fc.constantFrom(" ", "\n", "a".repeat(3000), "word ".repeat(700))), {
        maxLength: 12,
      })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (sample) => {
        const pieces = [...textPieces(sample)];
        expect(pieces.join("")).toBe(sample);
        for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(2048);
      }),
    );
  });

  it("cuts at whitespace where there is some, so words are counted whole", () => {
    const pieces = [...textPieces("lorem ipsum ".repeat(1000))];
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces.slice(1)) expect(piece.startsWith(" ")).toBe(true);
  });

  it("reads instructions, message text, tool traffic and tool definitions, not binary media", () => {
    const text = requestText({
      model: "m",
      instructions: [{ role: "system", parts: [{ type: "text", text: "Be brief." }] }],
      messages: [
        {
          role: "user",
          parts: [
            { type: "text", text: "Weather?" },
            { type: "media", kind: "image", source: { type: "base64", data: "iVBORw0KGgo=" } },
          ],
        },
        {
          role: "assistant",
          parts: [{ type: "tool-call", id: "c1", name: "get_weather", arguments: { city: "Paris" } }],
        },
        {
          role: "tool",
          parts: [{ type: "tool-result", callId: "c1", content: [{ type: "text", text: "Sunny" }] }],
        },
      ],
      tools: [{ type: "function", name: "get_weather", inputSchema: { type: "object" } }],
    });
    expect(text).toBe(
      [
        "Be brief.",
        "Weather?",
        "get_weather",
        '{"city":"Paris"}',
        "Sunny",
        "get_weather",
        '{"type":"object"}',
      ].join("\n"),
    );
  });

  it("counts text that spells a special token as text instead of throwing", async () => {
    const text = "end <|endoftext|> of <|im_start|> text";
    expect(await estimateInputTokens(request(text))).toBe(
      countTokens(text, { disallowedSpecial: new Set() }),
    );
  });

  it("counts a long run without whitespace quickly and lets other work run meanwhile", async () => {
    const started = performance.now();
    expect(await estimateInputTokens(request("a".repeat(1 << 20)))).toBeGreaterThan(1000);
    expect(performance.now() - started).toBeLessThan(5000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const noise = Array.from({ length: 1 << 17 }, (_, index) =>
      String.fromCharCode(33 + ((index * 7919) % 90)),
    ).join("");
    await estimateInputTokens(request(noise));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
