import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chatEventStreamArbitrary, chatRequestArbitrary, chatResponseArbitrary } from "../test/arbitraries";
import { ChatEvent } from "./chat-event";
import { ChatRequest } from "./chat-request";
import { ChatResponse } from "./chat-response";
import { Part } from "./part";

describe("the canonical schemas", () => {
  it("accept every generated request, response and event", () => {
    fc.assert(
      fc.property(
        chatRequestArbitrary,
        chatResponseArbitrary,
        chatEventStreamArbitrary,
        (request, response, events) => {
          expect(ChatRequest.parse(request)).toEqual(request);
          expect(ChatResponse.parse(response)).toEqual(response);
          for (const event of events) expect(ChatEvent.parse(event)).toEqual(event);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("survive a JSON round trip unchanged (no undefined, dates or classes inside)", () => {
    fc.assert(
      fc.property(chatRequestArbitrary, chatResponseArbitrary, (request, response) => {
        expect(JSON.parse(JSON.stringify(request))).toEqual(request);
        expect(JSON.parse(JSON.stringify(response))).toEqual(response);
      }),
      { numRuns: 50 },
    );
  });

  it("reject a part of an unknown type and name the field", () => {
    const result = Part.safeParse({ type: "hologram", text: "x" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["type"]);
  });

  it("reject a request without messages, naming the field", () => {
    const result = ChatRequest.safeParse({ model: "m" });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain("messages");
  });

  it("keep format extensions on any object", () => {
    const part = Part.parse({ type: "text", text: "hi", extensions: { messages: { citations_raw: [1] } } });
    expect(part.extensions).toEqual({ messages: { citations_raw: [1] } });
  });
});
