import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alignedLists } from "./aligned-lists";

const source = { tools: [{ name: "a", strict: true }, { name: "b" }, { name: "c" }] };

describe("alignedLists", () => {
  it("takes out the entry a loss names whose removal lines up what came back, and maps pointers back", () => {
    // Tool 1 was dropped; tool 0 lost only a field; both losses are at the entry.
    const returned = { tools: [{ name: "a" }, { name: "c" }] };
    const aligned = alignedLists(source, returned, ["/tools/0", "/tools/1"]);
    expect(aligned.source).toEqual({ tools: [{ name: "a", strict: true }, { name: "c" }] });
    expect(aligned.returned).toEqual(returned);
    expect(aligned.sourcePath("/tools/1/name")).toBe("/tools/2/name");
    expect(aligned.sourcePath("/tools/0/strict")).toBe("/tools/0/strict");
  });

  it("takes out nothing when the list came back whole, or no loss names an entry", () => {
    expect(alignedLists(source, source, ["/tools/1"]).source).toBe(source);
    expect(alignedLists(source, { tools: [] }, ["/tools/1/name"]).source).toBe(source);
  });

  it("lines up the rest after an entry a loss says moved to the end (a tool sent as a setting)", () => {
    const returned = { tools: [{ name: "b" }, { name: "c" }, { name: "a" }] };
    const aligned = alignedLists(source, returned, ["/tools/0"]);
    expect(aligned.source).toEqual({ tools: [{ name: "b" }, { name: "c" }] });
    expect(aligned.sourcePath("/tools/1/name")).toBe("/tools/2/name");
  });

  it("lines up the rest around an entry a loss says moved to the front (a hoisted instruction)", () => {
    const messages = [{ role: "user" }, { role: "assistant" }, { role: "system" }, { role: "user", n: 2 }];
    const returned = { messages: [messages[2], messages[0], messages[1], messages[3]] };
    const aligned = alignedLists({ messages }, returned, ["/messages/2"]);
    expect(aligned.source).toEqual({ messages: [messages[0], messages[1], messages[3]] });
    expect(aligned.returned).toEqual({ messages: [messages[0], messages[1], messages[3]] });
    expect(aligned.sourcePath("/messages/2/n")).toBe("/messages/3/n");
    // What came back, read as the source entries it was lined up with; the moved one stands alone.
    expect(aligned.returnedPath("/messages/0")).toBeUndefined();
    expect(aligned.returnedPath("/messages/1/role")).toBe("/messages/0/role");
    expect(aligned.returnedPath("/messages/3/n")).toBe("/messages/3/n");
  });

  it("lines up the rest after an entry the conversion added beside the one a loss names", () => {
    const messages = [{ call: "x" }, { role: "user" }];
    const returned = { messages: [{ call: "x" }, { result: "x" }, { role: "user" }] };
    const aligned = alignedLists({ messages }, returned, ["/messages/0"]);
    expect(aligned.source).toEqual({ messages });
    expect(aligned.returned).toEqual({ messages });
  });

  it("lines up an inner list inside an outer list lined up first", () => {
    const body = { messages: [{ gone: true }, { content: [{ t: 1 }, { t: 2 }, { t: 3 }] }] };
    const returned = { messages: [{ content: [{ t: 1 }, { t: 3 }] }] };
    const aligned = alignedLists(body, returned, ["/messages/0", "/messages/1/content/1"]);
    expect(aligned.source).toEqual(returned);
    expect(aligned.sourcePath("/messages/0/content/1/t")).toBe("/messages/1/content/2/t");
  });

  it("of two alignments as good, keeps the reported source entry compared rather than an extra returned one", () => {
    // A turn split in two on the way (reported at the turn): taking the turn out, or the half that
    // came back first, score the same; taking the turn out would compare the next turn with a half.
    const contents = [{ parts: [{ call: "x" }, { media: "m" }] }, { role: "user" }];
    const halves = [
      { role: "user", parts: [{ media: "m" }] },
      { role: "user", parts: [{ call: "x" }] },
    ];
    const aligned = alignedLists({ contents }, { contents: [...halves, { role: "user" }] }, ["/contents/0"]);
    expect(aligned.source).toEqual({ contents });
    expect(aligned.returned).toEqual({ contents: [halves[1], { role: "user" }] });
  });

  it("lines up the rest after several dropped entries where taking out one alone helps nothing", () => {
    // A step-by-step search stopped here: taking out one of the first three alone lines up no more.
    const [x, y] = [
      { role: "user", text: "x" },
      { role: "user", text: "y" },
    ];
    const messages = [x, y, x, x, y];
    const aligned = alignedLists({ messages }, { messages: [x, y] }, [
      "/messages/0",
      "/messages/1",
      "/messages/2",
    ]);
    expect(aligned.source).toEqual({ messages: [x, y] });
    expect(aligned.sourcePath("/messages/0/text")).toBe("/messages/3/text");
  });

  it("lines up every entry that came back after named entries were dropped, wherever they were", () => {
    // Property: a list that came back without some of the named entries lines up exactly.
    const entry = fc.record({ role: fc.constantFrom("user", "assistant"), text: fc.constantFrom("x", "y") });
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 8 }),
        fc.uniqueArray(fc.nat(7), { minLength: 1, maxLength: 4 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        (list, indexes, dropped) => {
          const named = indexes.filter((index) => index < list.length);
          const gone = named.filter((_, at) => dropped[at]);
          const back = list.filter((_, index) => !gone.includes(index));
          const aligned = alignedLists(
            { list },
            { list: back },
            named.map((index) => `/list/${index}`),
          );
          expect(aligned.returned).toEqual(aligned.source);
          expect((aligned.source as { list: unknown[] }).list).toHaveLength(back.length);
        },
      ),
    );
  });

  it("lines up pieces keyed by kind and place after one dropped, numbering the rest of that kind again", () => {
    // Tools read one by one as `<kind> <n>`: the file search after a dropped one is file search 0 back.
    const tools = {
      "fileSearch 0": { store: "a" },
      "fileSearch 1": { store: "b" },
      "function 0": { name: "f" },
    };
    const returned = { tools: { "fileSearch 0": { store: "b" }, "function 0": { name: "f" } } };
    const aligned = alignedLists({ tools }, returned, ["/tools/fileSearch 0"]);
    expect(aligned.source).toEqual(returned);
    expect(aligned.sourcePath("/tools/fileSearch 0/store")).toBe("/tools/fileSearch 1/store");
    expect(aligned.sourcePath("/tools/function 0/name")).toBe("/tools/function 0/name");
    expect(aligned.returnedPath("/tools/fileSearch 0/store")).toBe("/tools/fileSearch 1/store");
    // A kind no loss names an entry of stays as it came back.
    expect(alignedLists({ tools }, returned, ["/tools/function 0/name"]).source).toEqual({ tools });
  });

  it("takes out an entry left out before the round trip, even where another came back like it", () => {
    // The document was left out; the image came back as a document: it is the image.
    const content = [{ type: "image", uri: "a" }, { type: "document" }];
    const returned = { content: [{ type: "document", uri: "a" }] };
    const aligned = alignedLists({ content }, returned, ["/content/0"], ["/content/1"]);
    expect(aligned.source).toEqual({ content: [content[0]] });
    expect(alignedLists({ content }, returned, ["/content/0", "/content/1"]).source).toEqual({
      content: [content[1]],
    });
  });

  it("reads null and empty leaves against absent ones as no sign of which entry came back", () => {
    const tools = [{ type: "retrieval", store: {}, search: {} }, { type: "google_search" }];
    const aligned = alignedLists({ tools }, { tools: [{ type: "google_search" }] }, ["/tools/0"]);
    expect(aligned.source).toEqual({ tools: [tools[1]] });
  });

  it("never lines up a list no loss names an entry of: a move without a loss stays a difference", () => {
    const returned = { tools: [{ name: "b" }, { name: "c" }, { name: "a", strict: true }] };
    expect(alignedLists(source, returned, ["/tools/0/strict"]).source).toBe(source);
    expect(alignedLists(source, returned, []).returned).toBe(returned);
  });

  it("lines up every other entry as it came back, in order, after taking out the named ones", () => {
    // Property: whatever the lists, the source entries kept are the source's in order, each mapped
    // back to its own place; only named ones are taken out, and no more on either side than named.
    const entry = fc.record({ k: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 6 }),
        fc.array(entry, { maxLength: 6 }),
        fc.uniqueArray(fc.nat(5), { maxLength: 3 }),
        (list, back, indexes) => {
          const named = indexes.filter((index) => index < list.length);
          const aligned = alignedLists(
            { list },
            { list: back },
            named.map((index) => `/list/${index}`),
          );
          const kept = (aligned.source as { list: unknown[] }).list;
          const keptBack = (aligned.returned as { list: unknown[] }).list;
          expect(list.length - kept.length).toBeLessThanOrEqual(named.length);
          expect(back.length - keptBack.length).toBeLessThanOrEqual(named.length);
          const from = kept.map((_, index) => Number(aligned.sourcePath(`/list/${index}`).split("/")[2]));
          from.forEach((at, index) => {
            expect(kept[index]).toEqual(list[at]);
            if (index > 0) expect(at).toBeGreaterThan(from[index - 1]!);
          });
          for (let at = 0; at < list.length; at++) if (!from.includes(at)) expect(named).toContain(at);
        },
      ),
    );
  });
});
