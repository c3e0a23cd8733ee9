import {
  accumulate,
  assertValidEventSequence,
  createConversionContext,
  transformAll,
} from "@interlingua/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readRecordedStream, readRecording } from "../../test/support/recordings";
import { chatCompletionsCodec, createChatCompletionsCodec } from "../chat-completions-codec";
import { chatCompletionsDialects } from "../chat-completions-dialect";
import {
  type ContentSegment,
  createReasoningTagScanner,
  splitReasoningTags,
} from "./chat-completions-reasoning-tags";

const tags = chatCompletionsDialects["think-tags"].reasoningTags;
const prefilled = chatCompletionsDialects["think-tags-prefilled"].reasoningTags;

/** `text` cut at `cuts` (positions, in any order, repeated or out of range). */
function cut(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((point) => point % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of points) {
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** What a scanner makes of `pieces`, joined by kind. */
function scan(pieces: string[], which = tags) {
  const scanner = createReasoningTagScanner(which);
  const segments: ContentSegment[] = [...pieces.flatMap((piece) => scanner.push(piece)), ...scanner.end()];
  const join = (kind: ContentSegment["kind"]) =>
    segments
      .filter((segment) => segment.kind === kind)
      .map((segment) => segment.text)
      .join("");
  return { reasoning: join("reasoning"), text: join("text") };
}

const withoutClose = fc.string().filter((text) => !text.includes("</think>"));

describe("reasoning inside <think> tags", () => {
  it("is read the same however the content is cut into chunks, tags cut anywhere", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("", " ", "\n"),
        withoutClose,
        fc.string(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (before, reasoning, text, cuts) => {
          const content = `${before}<think>${reasoning}</think>${text}`;
          expect(scan(cut(content, cuts))).toEqual({ reasoning, text });
          expect(splitReasoningTags(content, tags)).toEqual(
            reasoning === "" ? { text } : { reasoning, text },
          );
        },
      ),
    );
  });

  it("leaves content that does not open with the tag as text, however it is cut", () => {
    fc.assert(
      fc.property(
        fc.string().filter((content) => !content.trimStart().startsWith("<think>")),
        fc.array(fc.nat(), { maxLength: 8 }),
        (content, cuts) => {
          expect(scan(cut(content, cuts)).text.trimStart()).toBe(content.trimStart());
          expect(scan(cut(content, cuts)).reasoning).toBe("");
          expect(splitReasoningTags(content, tags)).toEqual({ text: content });
        },
      ),
    );
  });

  it("starts inside the tag when the prompt opened it, however it is cut", () => {
    fc.assert(
      fc.property(
        withoutClose,
        fc.string(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (reasoning, text, cuts) => {
          // A reasoning that would itself open with the tag is read without it.
          fc.pre(
            !reasoning.trimStart().startsWith("<think>") && !"<think>".startsWith(reasoning.trimStart()),
          );
          expect(scan(cut(`${reasoning}</think>${text}`, cuts), prefilled)).toEqual({ reasoning, text });
        },
      ),
    );
  });

  it("is reasoning to the end when the closing tag never comes (a cut-off answer)", () => {
    expect(splitReasoningTags("<think>Still thinking", tags)).toEqual({
      reasoning: "Still thinking",
      text: "",
    });
    expect(scan(["<think>Still thin", "king</th"])).toEqual({ reasoning: "Still thinking</th", text: "" });
  });
});

describe("the think-tags dialects", () => {
  const codec = createChatCompletionsCodec({ dialect: "think-tags" });

  it("read a llama.cpp answer's tagged content as reasoning and text, whole and streamed alike", async () => {
    const whole = codec.decodeResponse(
      JSON.parse(readRecording("llama-cpp-think-tags.response.json")),
      createConversionContext(),
    );
    const reasoning = "\nThe user asks 9.11 vs 9.8.\nCompare tenths: 1 < 8.\n";
    expect(whole.parts).toEqual([
      { type: "reasoning", text: reasoning },
      { type: "text", text: "\n\n9.8 is larger." },
    ]);
    const events = await transformAll(
      await readRecordedStream("llama-cpp-think-tags.chunks.jsonl"),
      codec.createStreamDecoder(createConversionContext()),
    );
    assertValidEventSequence(events);
    expect(events.filter((event) => event.type === "reasoning-delta").length).toBeGreaterThan(1);
    expect((await accumulate(events)).parts).toEqual(whole.parts);
  });

  it("give a chat-completions caller the reasoning in reasoning_content, the text without tags", async () => {
    const events = await transformAll(
      await readRecordedStream("llama-cpp-think-tags.chunks.jsonl"),
      codec.createStreamDecoder(createConversionContext()),
    );
    const chunks = (await transformAll(
      events,
      chatCompletionsCodec.createStreamEncoder(createConversionContext()),
    )) as { choices: { delta: { content?: string; reasoning_content?: string } }[] }[];
    const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
    expect(deltas.map((delta) => delta.reasoning_content ?? "").join("")).toBe(
      "\nThe user asks 9.11 vs 9.8.\nCompare tenths: 1 < 8.\n",
    );
    expect(deltas.map((delta) => delta.content ?? "").join("")).toBe("\n\n9.8 is larger.");
  });

  it("read a vLLM R1 distill's stream, whose prompt opened the tag, with think-tags-prefilled", async () => {
    const chunks = await readRecordedStream("vllm-r1-distill-think-prefilled.chunks.jsonl");
    const decode = async (dialect: "think-tags-prefilled" | "think-tags") =>
      (
        await accumulate(
          await transformAll(
            structuredClone(chunks),
            createChatCompletionsCodec({ dialect }).createStreamDecoder(createConversionContext()),
          ),
        )
      ).parts;
    expect(await decode("think-tags-prefilled")).toEqual([
      { type: "reasoning", text: "Okay, 2 + 2. That is 4.\n" },
      { type: "text", text: "\n\n2 + 2 = 4." },
    ]);
    // Without the prompt's tag the same content is all text: the dialect decides.
    expect(await decode("think-tags")).toEqual([
      { type: "text", text: "Okay, 2 + 2. That is 4.\n</think>\n\n2 + 2 = 4." },
    ]);
  });

  it("are read only by a dialect that names them: the default codec keeps the tags as text", () => {
    const wire = JSON.parse(readRecording("llama-cpp-think-tags.response.json"));
    expect(chatCompletionsCodec.decodeResponse(wire, createConversionContext()).parts).toEqual([
      { type: "text", text: wire.choices[0].message.content },
    ]);
  });
});
