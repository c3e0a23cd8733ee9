import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  type AnyCodec,
  type ChatEvent,
  collect,
  createConversionContext,
  createJsonSseEncoderStream,
  readableFrom,
} from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainTextChunkPatterns, plainTextChunks } from "./plain-text-chunks";

const formats = ["chat-completions", "generate-content"] as const;

/** Whether `text` parses into a chunk `plainTextChunks` takes as plain text. */
function parsesAsPlain(format: (typeof formats)[number], text: string): boolean {
  try {
    return plainTextChunks[format]!(JSON.parse(text));
  } catch {
    return false;
  }
}

/** An object written by hand from its members' texts, so that a member may repeat, as JSON allows. */
const written = (members: [string, string][]) =>
  `{${members.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`;

/** A JSON string's text: plain, with characters JSON escapes, or empty. */
const jsonText = fc.oneof(
  fc.constantFrom('"Hi"', '"word0 "', '""'),
  fc
    .string({ unit: fc.constantFrom("a", '"', "\\", "/", "\n", "\u0001", "é") })
    .map((text) => JSON.stringify(text)),
);
/** Members in a random order, with `main` somewhere among them. */
const around = (others: fc.Arbitrary<[string, string][]>, main: fc.Arbitrary<[string, string]>) =>
  fc
    .tuple(others, main, fc.nat())
    .map(([rest, first, at]) =>
      written([...rest.slice(0, at % (rest.length + 1)), first, ...rest.slice(at % (rest.length + 1))]),
    );

const chatDelta = fc
  .tuple(fc.boolean(), jsonText)
  .map(([role, content]) =>
    written([...(role ? [["role", '"assistant"'] as [string, string]] : []), ["content", content]]),
  );
const chatTail = fc.constantFrom<[string, string][]>(
  [],
  [["finish_reason", "null"]],
  [["logprobs", "null"]],
  [
    ["logprobs", "null"],
    ["finish_reason", "null"],
  ],
  [
    ["finish_reason", "null"],
    ["logprobs", "null"],
  ],
);
const chatChunk = around(
  fc.shuffledSubarray<[string, string]>([
    ["id", '"chatcmpl-1"'],
    ["object", '"chat.completion.chunk"'],
    ["created", "1761100000"],
    ["model", '"m"'],
    ["obfuscation", '"x"'],
    ["system_fingerprint", '"fp"'],
    ["service_tier", "null"],
    ["usage", "null"],
  ]),
  fc
    .tuple(chatDelta, chatTail)
    .map(([delta, tail]): [string, string] => [
      "choices",
      `[${written([["index", "0"], ["delta", delta], ...tail])}]`,
    ]),
);
const parts = jsonText.map((text) => `[${written([["text", text]])}]`);
const modelContent = fc.tuple(parts, fc.constantFrom("none", "after", "before")).map(([list, role]) =>
  role === "none"
    ? written([["parts", list]])
    : role === "after"
      ? written([
          ["parts", list],
          ["role", '"model"'],
        ])
      : written([
          ["role", '"model"'],
          ["parts", list],
        ]),
);
const generateContentChunk = around(
  fc.shuffledSubarray<[string, string]>([
    ["modelVersion", '"gemini"'],
    ["responseId", '"r1"'],
  ]),
  fc
    .tuple(modelContent, fc.constantFrom("none", "after", "before"))
    .map(([inner, index]): [string, string] => [
      "candidates",
      `[${
        index === "none"
          ? written([["content", inner]])
          : index === "after"
            ? written([
                ["content", inner],
                ["index", "0"],
              ])
            : written([
                ["index", "0"],
                ["content", inner],
              ])
      }]`,
    ]),
);

/** Edits by characters that break JSON. */
const edits = fc.array(
  fc.tuple(
    fc.nat(),
    fc.constantFrom('"', "\\", ",", "{", "}", "[", "]", ":", "0", "1", "l", "a", " ", "\u0001"),
    fc.constantFrom("insert", "delete", "replace"),
  ),
  { maxLength: 2 },
);
function edited(text: string, changes: [number, string, string][]): string {
  let result = text;
  for (const [at, character, edit] of changes) {
    const position = at % (result.length + 1);
    const rest = edit === "insert" ? position : position + 1;
    result = result.slice(0, position) + (edit === "delete" ? "" : character) + result.slice(rest);
  }
  return result;
}

/** Twelve text deltas as the format's own stream encoder writes them (as the benchmark's upstream does): each chunk's data. */
async function encodedChunks(codec: AnyCodec): Promise<string[]> {
  const texts = Array.from({ length: 12 }, (_, index) => `word${index} `);
  const events: ChatEvent[] = [
    { type: "response-start", id: "resp_text_1", model: "text-model" },
    { type: "part-start", index: 0, kind: "text" },
    ...texts.map((text): ChatEvent => ({ type: "text-delta", index: 0, text })),
    { type: "part-end", index: 0, part: { type: "text", text: texts.join("") } },
    { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 42, outputTokens: 12 } },
  ];
  const bytes = await collect(
    readableFrom(events)
      .pipeThrough(codec.createStreamEncoder(createConversionContext()))
      .pipeThrough(createJsonSseEncoderStream((event) => codec.sseEventName(event))),
  );
  return bytes
    .map((chunk) => new TextDecoder().decode(chunk))
    .join("")
    .split("\n\n")
    .filter((event) => event.startsWith("data: {"))
    .map((event) => event.slice("data: ".length));
}

describe("plainTextChunkPatterns", () => {
  it.each([
    ["chat-completions", chatChunk],
    ["generate-content", generateContentChunk],
  ] as const)(
    "%s: matches only texts that parse into a plain text chunk, for any chunk and any edit of it",
    (format, chunk) => {
      let matched = 0;
      fc.assert(
        fc.property(chunk, edits, (text, changes) => {
          const sent = edited(text, changes);
          if (!plainTextChunkPatterns[format]!.test(sent)) return;
          matched++;
          expect(parsesAsPlain(format, sent), sent).toBe(true);
        }),
        { numRuns: 20_000 },
      );
      // The property met matching texts, not only refusals.
      expect(matched).toBeGreaterThan(100);
    },
  );

  it.each([
    ["chat-completions", chatCompletionsCodec],
    ["generate-content", generateContentCodec],
  ] as const)("%s: matches the text chunks the format's own encoder writes", async (format, codec) => {
    const chunks = (await encodedChunks(codec)).filter((chunk) => parsesAsPlain(format, chunk));
    expect(chunks.length).toBe(12);
    for (const chunk of chunks) expect(plainTextChunkPatterns[format]!.test(chunk), chunk).toBe(true);
  });

  it("matches the plain chunks servers write in their members' order, and refuses a chunk with usage or a finish reason", () => {
    const chat = plainTextChunkPatterns["chat-completions"]!;
    for (const text of [
      '{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","system_fingerprint":"fp","choices":[{"index":0,"delta":{"content":"Hi"},"logprobs":null,"finish_reason":null}],"obfuscation":"x"}',
      '{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null,"logprobs":null}],"usage":null}',
    ])
      expect(chat.test(text), text).toBe(true);
    for (const text of [
      '{"id":"c","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}',
      '{"id":"c","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}],"usage":{"prompt_tokens":1}}',
      '{"id":"c","choices":[{"index":0,"delta":{"content":""},"finish_reason":null}]}',
    ])
      expect(chat.test(text), text).toBe(false);
    const content = plainTextChunkPatterns["generate-content"]!;
    expect(
      content.test(
        '{"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]},"index":0}],"modelVersion":"g","responseId":"r"}',
      ),
    ).toBe(true);
    expect(
      content.test(
        '{"candidates":[{"content":{"parts":[{"text":"Hi"}],"role":"model"}}],"usageMetadata":{"promptTokenCount":1}}',
      ),
    ).toBe(false);
  });
});
