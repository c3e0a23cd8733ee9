import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import type { Message } from "../model/message";
import { missingToolResultText, pairToolResults } from "./pair-tool-results";

const call = (id: string) => ({ type: "tool-call" as const, id, name: "f", arguments: {} });
const result = (callId: string) => ({
  type: "tool-result" as const,
  callId,
  name: "f",
  content: [{ type: "text" as const, text: "r" }],
});
const text = (value: string) => ({ type: "text" as const, text: value });

/** Conversations whose results answer their calls in every way: all, some, extra, late, twice, orphaned. */
const conversationArbitrary: fc.Arbitrary<Message[]> = fc
  .array(
    fc.record({
      calls: fc.nat(3),
      answered: fc.array(fc.nat(4), { maxLength: 4 }),
      textBefore: fc.boolean(),
      userAfter: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((turns) =>
    turns.flatMap(({ calls, answered, textBefore, userAfter }, turn): Message[] => {
      const ids = Array.from({ length: calls }, (_, index) => `t${turn}c${index}`);
      const messages: Message[] = [
        { role: "user", parts: [text("go")] },
        { role: "assistant", parts: calls === 0 ? [text("ok")] : ids.map(call) },
      ];
      const results = answered.map((index) => result(`t${turn}c${index}`));
      if (results.length > 0)
        messages.push({ role: "tool", parts: textBefore ? [text("note"), ...results] : results });
      if (userAfter) messages.push({ role: "user", parts: [text("more"), result(`t${turn}c0`)] });
      return messages;
    }),
  );

describe("pairToolResults", () => {
  it("answers every call exactly once in the turn right after it, and reports each change", () => {
    fc.assert(
      fc.property(conversationArbitrary, (messages) => {
        const request: ChatRequest = { model: "m", messages };
        const context = createConversionContext();
        const paired = pairToolResults(request, context);
        paired.messages.forEach((message, index) => {
          const calls = message.parts.flatMap((part) => (part.type === "tool-call" ? [part.id] : []));
          const next = paired.messages[index + 1];
          const answers = (next?.parts ?? []).flatMap((part) =>
            part.type === "tool-result" ? [part.callId] : [],
          );
          // Every call answered once; a complete answer turn keeps the caller's order (the backends
          // match results to calls by id), so the order is not part of what is checked.
          if (message.role === "assistant" && calls.length > 0)
            expect(answers.toSorted()).toEqual(calls.toSorted());
          if (message.role === "assistant" || calls.length > 0) return;
          const previous = paired.messages[index - 1];
          const open = (previous?.parts ?? []).flatMap((part) =>
            part.type === "tool-call" ? [part.id] : [],
          );
          for (const part of message.parts)
            if (part.type === "tool-result") expect(open).toContain(part.callId);
        });
        if (paired !== request) expect(context.losses).not.toEqual([]);
        else expect(context.losses).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it("resolves no source path of a conversation that already holds to the rule", () => {
    fc.assert(
      fc.property(conversationArbitrary, (messages) => {
        const context = createConversionContext();
        context.startSource();
        let lookUps = 0;
        // A decoder's deferred look-ups run only when a path is resolved (decision 0020, lever 12).
        context.traceLater(() => {
          lookUps++;
        });
        const request: ChatRequest = { model: "m", messages };
        const paired = pairToolResults(request, context);
        if (paired === request && context.losses.length === 0) expect(lookUps).toBe(0);
        else expect(lookUps).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it("answers an unanswered call with an error result saying so, and drops a result of no call", () => {
    const context = createConversionContext();
    const paired = pairToolResults(
      {
        model: "m",
        messages: [
          { role: "user", parts: [text("go"), result("ghost")] },
          { role: "assistant", parts: [call("a"), call("b")] },
          { role: "tool", parts: [result("b")] },
        ],
      },
      context,
    );
    expect(paired.messages).toEqual([
      { role: "user", parts: [text("go")] },
      { role: "assistant", parts: [call("a"), call("b")] },
      {
        role: "tool",
        parts: [
          {
            type: "tool-result",
            callId: "a",
            name: "f",
            content: [text(missingToolResultText)],
            isError: true,
          },
          result("b"),
        ],
      },
    ]);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["dropped", "/messages/0/parts/1"],
      ["approximated", "/messages/1/parts/0"],
    ]);
  });

  it("pairs calls and results of empty ids in their order, as a format without ids means them", () => {
    const messages: Message[] = [
      { role: "user", parts: [text("go")] },
      { role: "assistant", parts: [call(""), call(""), call("c")] },
      { role: "tool", parts: [result(""), result("c"), result("")] },
    ];
    const context = createConversionContext();
    // Every call answered in the turn after it: nothing to change.
    expect(pairToolResults({ model: "m", messages }, context).messages).toEqual(messages);
    expect(context.losses).toEqual([]);
    // One result short: the second call of an empty id gets the error result; a third is of no call.
    const fewer = createConversionContext();
    const paired = pairToolResults(
      {
        model: "m",
        messages: [messages[0]!, messages[1]!, { role: "tool", parts: [result("c"), result("")] }],
      },
      fewer,
    );
    expect(paired.messages[2]!.parts.map((part) => part.type === "tool-result" && part.isError)).toEqual([
      undefined,
      true,
      undefined,
    ]);
    expect(fewer.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["approximated", "/messages/1/parts/1"],
    ]);
  });

  it("joins the consecutive tool turns answering one call turn with no loss, and traces what moved to the caller's message", () => {
    const context = createConversionContext();
    context.startSource();
    const messages: Message[] = [
      { role: "user", parts: [text("go")] },
      { role: "assistant", parts: [call("a"), call("b")] },
      { role: "tool", parts: [result("a")] },
      { role: "tool", parts: [result("b")] },
      { role: "user", parts: [text("thanks")] },
    ];
    for (const index of messages.keys()) context.trace(`/messages/${index}`, `/messages/${index}`);
    const paired = pairToolResults({ model: "m", messages }, context);
    expect(paired.messages).toEqual([
      messages[0],
      messages[1],
      { role: "tool", parts: [result("a"), result("b")] },
      messages[4],
    ]);
    expect(context.losses).toEqual([]);
    // The caller's fifth message is the fourth now; the second result is part 1 of the third.
    expect(context.sourcePath("/messages/3/parts/0")).toBe("/messages/4");
    expect(context.sourcePath("/messages/2/parts/1")).toBe("/messages/3");
  });

  it("reports a message of results answering no call dropped as a whole", () => {
    const context = createConversionContext();
    const paired = pairToolResults(
      {
        model: "m",
        messages: [
          { role: "user", parts: [text("go")] },
          { role: "tool", parts: [result("ghost"), result("gone")] },
        ],
      },
      context,
    );
    expect(paired.messages).toEqual([{ role: "user", parts: [text("go")] }]);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([["dropped", "/messages/1"]]);
  });

  it("reports each dropped result at its own source node when its message was made of several", () => {
    // Two interactions steps read as one message, traced to the first step.
    const context = createConversionContext();
    context.startSource();
    context.trace("/messages/0", "/input/0");
    context.trace("/messages/0/parts/0", "/input/0");
    context.trace("/messages/0/parts/1", "/input/1");
    const paired = pairToolResults(
      { model: "m", messages: [{ role: "tool", parts: [result("a"), result("a")] }] },
      context,
    );
    expect(paired.messages).toEqual([]);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["dropped", "/input/0"],
      ["dropped", "/input/1"],
    ]);
  });

  it("keeps a message that came empty, or of the caller's own content, apart from the results it makes up, traced to the caller's message", () => {
    const context = createConversionContext();
    context.startSource();
    const messages: Message[] = [
      { role: "user", parts: [] },
      { role: "assistant", parts: [call("a")] },
      { role: "user", parts: [] },
      { role: "assistant", parts: [call("b")] },
      { role: "user", parts: [text("go on")] },
      { role: "assistant", parts: [text("ok")] },
      { role: "user", parts: [] },
    ];
    for (const index of messages.keys()) context.trace(`/messages/${index}`, `/input/${index}`);
    const paired = pairToolResults({ model: "m", messages }, context);
    // A result made up for a call is a turn of its own before the caller's next turn, not joined with it.
    expect(paired.messages.map((message) => [message.role, message.parts.length])).toEqual([
      ["user", 0],
      ["assistant", 1],
      ["tool", 1],
      ["user", 0],
      ["assistant", 1],
      ["tool", 1],
      ["user", 1],
      ["assistant", 1],
      ["user", 0],
    ]);
    // Only the made-up results are changes of pairing: the empty messages are the encoder's to report.
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["approximated", "/input/1"],
      ["approximated", "/input/3"],
    ]);
    expect(context.sourcePath("/messages/0")).toBe("/input/0");
    expect(context.sourcePath("/messages/3")).toBe("/input/2");
    expect(context.sourcePath("/messages/6")).toBe("/input/4");
    expect(context.sourcePath("/messages/8")).toBe("/input/6");
  });
});
