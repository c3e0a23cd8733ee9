import { readdirSync, readFileSync } from "node:fs";
import { specPath } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactEventPattern, provenByPattern } from "./compact-event-pattern";
import { eventsCheckedByFraming } from "./events-checked-by-framing";

/** Whether `text` is JSON whose `type` is `event`, as `JSON.parse` reads it. */
function parsesAs(text: string, event: string): boolean {
  try {
    return (JSON.parse(text) as { type?: unknown } | null)?.type === event;
  } catch {
    return false;
  }
}

/** The data of every event the recordings of messages and responses hold under one of the framing table's names. */
function recordedFramedData(): { event: string; data: string }[] {
  const found: { event: string; data: string }[] = [];
  for (const format of ["messages", "responses"]) {
    const names = eventsCheckedByFraming[format]!;
    for (const file of readdirSync(specPath("recordings", format))) {
      const text = readFileSync(specPath("recordings", format, file), "utf8").replaceAll("\r\n", "\n");
      const events = file.endsWith(".sse")
        ? text.split("\n\n").map((block) => ({
            event: /^event: (.*)$/m.exec(block)?.[1],
            data: /^data: (.*)$/m.exec(block)?.[1],
          }))
        : file.endsWith(".chunks.jsonl")
          ? text
              .split("\n")
              .filter((line) => line.trim() !== "")
              .map((line) => ({ event: (JSON.parse(line) as { type: string }).type, data: line }))
          : [];
      for (const { event, data } of events)
        if (event !== undefined && data !== undefined && names.has(event)) found.push({ event, data });
    }
  }
  return found;
}

const events = Object.values(eventsCheckedByFraming).flatMap((names) => [...names.keys()]);
/** Characters that break JSON, or that a pattern must not take for what they are not. */
const tricky = ['"', "\\", ",", "{", "}", "[", "]", ":", "0", "-", ".", " ", "\t", "\n", "\u0001", "u", "e"];

describe("compactEventPattern", () => {
  it("matches only JSON of its own type: any value written compactly, and any edit of it", () => {
    const scalar = fc.oneof(
      fc.string({ unit: "grapheme" }),
      fc.string({ unit: fc.constantFrom("a", '"', "\\", "/", "\n", "\t", "\u0001", "é", "😀") }),
      fc.integer(),
      fc.double(),
      fc.constantFrom(null, true, false, []),
    );
    const name = fc.oneof(
      fc.stringMatching(/^[a-z0-9_]{1,8}$/),
      fc.constant("type"),
      fc.string({ maxLength: 4 }),
    );
    const flat = fc
      .tuple(fc.string(), fc.array(fc.tuple(name, scalar), { maxLength: 3 }))
      .map(([type, members]) => ({ type, members }));
    /** An object written by hand, so that a member may repeat (`type` too), as JSON allows. */
    type Written = { type: string; members: [string, unknown][] };
    const isWritten = (item: unknown): item is Written =>
      typeof item === "object" && item !== null && "members" in item;
    const written = (type: string, members: [string, unknown][]): string =>
      `{"type":${JSON.stringify(type)}${members
        .map(
          ([key, item]) =>
            `,${JSON.stringify(key)}:${isWritten(item) ? written(item.type, item.members) : JSON.stringify(item)}`,
        )
        .join("")}}`;
    fc.assert(
      fc.property(
        fc.constantFrom(...events),
        fc.oneof(fc.constant(undefined), fc.string({ maxLength: 30 })),
        fc.array(fc.tuple(name, fc.oneof(scalar, flat)), { maxLength: 5 }),
        fc.array(
          fc.tuple(fc.nat(), fc.constantFrom(...tricky), fc.constantFrom("insert", "delete", "replace")),
          {
            maxLength: 3,
          },
        ),
        (event, otherType, members, edits) => {
          let text = written(otherType ?? event, members as [string, unknown][]);
          for (const [at, character, edit] of edits) {
            const position = at % (text.length + 1);
            text =
              edit === "insert"
                ? text.slice(0, position) + character + text.slice(position)
                : edit === "delete"
                  ? text.slice(0, position) + text.slice(position + 1)
                  : text.slice(0, position) + character + text.slice(position + 1);
          }
          if (compactEventPattern(event).test(text)) expect(parsesAs(text, event), text).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("refuses what JSON refuses, and a second type, though the rest is compact", () => {
    const pattern = compactEventPattern("content_block_delta");
    for (const text of [
      '{"type":"content_block_delta","index":01,"delta":{"type":"text_delta","text":"a"}}',
      '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a\u0001"}}',
      '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a\\x"}}',
      '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"},}',
      '{"type":"content_block_delta","index":0,"type":"error"}',
      '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}',
      '{"type":"content_block_delta_x","index":0}',
    ])
      expect(pattern.test(text), text).toBe(false);
    expect(
      compactEventPattern("response.output_text.delta").test('{"type":"responseXoutput_text.delta"}'),
    ).toBe(false);
  });

  it("takes the content deltas and keepalives upstreams write: every one the recordings hold within its grammar, nearly all of them", () => {
    const scalar = (item: unknown) =>
      item === null ||
      typeof item === "boolean" ||
      (typeof item === "string" && !item.includes("\\")) ||
      Number.isSafeInteger(item) ||
      (Array.isArray(item) && item.length === 0);
    const recorded = recordedFramedData();
    let taken = 0;
    for (const { event, data } of recorded) {
      expect(parsesAs(data, event)).toBe(true);
      const within =
        !data.includes("\\u") &&
        Object.values(JSON.parse(data) as object).every(
          (item) =>
            scalar(item) ||
            (typeof item === "object" &&
              item !== null &&
              !Array.isArray(item) &&
              Object.values(item).every(scalar)),
        );
      if (within) expect(compactEventPattern(event).test(data), data).toBe(true);
      if (compactEventPattern(event).test(data)) taken++;
    }
    expect(recorded.length).toBeGreaterThan(50);
    expect(taken / recorded.length).toBeGreaterThan(0.9);
  });

  it("proves nothing longer than 16 KB or with a \\u escape, which are parsed instead", () => {
    const pattern = compactEventPattern("content_block_delta");
    const delta = (text: string) =>
      `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"${text}"}}`;
    expect(provenByPattern(pattern, delta("a".repeat(16_000)))).toBe(true);
    expect(pattern.test(delta("a".repeat(17_000)))).toBe(true);
    expect(provenByPattern(pattern, delta("a".repeat(17_000)))).toBe(false);
    expect(provenByPattern(pattern, delta("\\u0041"))).toBe(false);
  });
});
