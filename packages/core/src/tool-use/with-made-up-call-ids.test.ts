import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import type { Message } from "../model/message";
import { withMadeUpCallIds } from "./with-made-up-call-ids";

const messagesCallId = /^[a-zA-Z0-9_-]+$/;

const call = (id: string, name = "f"): Message["parts"][number] => ({
  type: "tool-call",
  id,
  name,
  arguments: {},
});
const result = (callId: string): Message["parts"][number] => ({
  type: "tool-result",
  callId,
  content: [{ type: "text", text: "ok" }],
});

function madeUp(messages: Message[]) {
  const context = createConversionContext();
  const request: ChatRequest = { model: "m", messages };
  const sent = withMadeUpCallIds(request, messagesCallId, context);
  return { sent, losses: context.losses.map((loss) => `${loss.code} ${loss.path}`) };
}

const idsOf = (request: ChatRequest) =>
  request.messages.flatMap((message) =>
    message.parts.flatMap((part) =>
      part.type === "tool-call" ? [part.id] : part.type === "tool-result" ? [part.callId] : [],
    ),
  );

describe("withMadeUpCallIds", () => {
  it("gives empty ids an id where the call stands, its results the same, each a loss at the caller's id", () => {
    const { sent, losses } = madeUp([
      { role: "user", parts: [{ type: "text", text: "go" }] },
      { role: "assistant", parts: [call(""), call("")] },
      { role: "tool", parts: [result(""), result("")] },
    ]);
    expect(idsOf(sent)).toEqual(["call_m1_p0", "call_m1_p1", "call_m1_p0", "call_m1_p1"]);
    expect(losses).toEqual([
      "approximated /messages/1/parts/0/id",
      "approximated /messages/1/parts/1/id",
      "approximated /messages/2/parts/0/callId",
      "approximated /messages/2/parts/1/callId",
    ]);
  });

  it("spells a refused id with _ for the call and its result alike, and keeps made-up ids apart from the caller's", () => {
    const { sent } = madeUp([
      { role: "assistant", parts: [call("functions.f:0"), call(""), call("call_m0_p1")] },
      { role: "tool", parts: [result("functions.f:0"), result(""), result("call_m0_p1")] },
    ]);
    expect(idsOf(sent)).toEqual([
      "functions_f_0",
      "call_m0_p1_2",
      "call_m0_p1",
      "functions_f_0",
      "call_m0_p1_2",
      "call_m0_p1",
    ]);
  });

  it("gives an empty result that answers no call an id of its own", () => {
    const { sent } = madeUp([{ role: "tool", parts: [result("")] }]);
    expect(idsOf(sent)).toEqual(["result_m0_p0"]);
  });

  it("leaves a request whose ids the format takes as it is", () => {
    const messages: Message[] = [
      { role: "assistant", parts: [call("toolu_1")] },
      { role: "tool", parts: [result("toolu_1")] },
    ];
    const { sent, losses } = madeUp(messages);
    expect(sent.messages).toBe(messages);
    expect(losses).toEqual([]);
  });

  it("sends only ids the format takes, each result still answering its call, the same ones every time", () => {
    const id = fc.constantFrom("", "", "a.b", "a:b", "a_b", "call_m0_p0", "toolu_1", "x y");
    const turn = fc.array(id, { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.array(turn, { minLength: 1, maxLength: 4 }), (turns) => {
        const messages: Message[] = turns.flatMap((ids): Message[] => [
          { role: "assistant", parts: ids.map((callId) => call(callId)) },
          { role: "tool", parts: ids.map(result) },
        ]);
        const { sent, losses } = madeUp(messages);
        for (const sentId of idsOf(sent)) expect(sentId).toMatch(messagesCallId);
        sent.messages.forEach((message, index) => {
          if (message.role !== "tool") return;
          const calls = sent.messages[index - 1]!.parts;
          message.parts.forEach((part, position) => {
            const answered = calls[position]!;
            if (part.type === "tool-result" && answered.type === "tool-call")
              expect(part.callId).toBe(answered.id);
          });
        });
        expect(losses.length).toBe(
          idsOf({ model: "m", messages }).filter((id) => !messagesCallId.test(id)).length,
        );
        expect(madeUp(messages).sent).toEqual(sent);
      }),
    );
  });
});
