import { CanonicalError, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeChatCompletionsRequest } from "./encode-chat-completions-request";

describe("encodeChatCompletionsRequest", () => {
  it("refuses a request with nothing to say, naming messages, instead of sending the empty list the API refuses", () => {
    const encode = () =>
      encodeChatCompletionsRequest({ model: "gpt-5", messages: [] }, createConversionContext());
    expect(encode).toThrow(CanonicalError);
    expect(encode).toThrow(expect.objectContaining({ kind: "invalid_request", param: "messages" }));
  });

  it("sends instructions alone as a system message", () => {
    const body = encodeChatCompletionsRequest(
      {
        model: "gpt-5",
        instructions: [{ role: "system", parts: [{ type: "text", text: "Be brief." }] }],
        messages: [],
      },
      createConversionContext(),
    );
    expect(body.messages).toEqual([{ role: "system", content: "Be brief." }]);
  });

  it("reports an assistant turn whose every part was dropped at the turn, which is not sent", () => {
    const context = createConversionContext();
    const body = encodeChatCompletionsRequest(
      {
        model: "gpt-5",
        messages: [
          { role: "user", parts: [{ type: "text", text: "Search." }] },
          {
            role: "assistant",
            parts: [{ type: "hosted-tool-call", id: "ws_1", tool: "web_search", input: {} }],
          },
          { role: "user", parts: [{ type: "text", text: "Well?" }] },
        ],
      },
      context,
    );
    expect((body.messages as { role: string }[]).map((message) => message.role)).toEqual(["user", "user"]);
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toContain("dropped /messages/1");
  });

  it("reports a user turn whose every part was dropped at the turn, which is not sent", () => {
    const context = createConversionContext();
    const video = {
      type: "media",
      kind: "video",
      source: { type: "url", url: "https://example.com/a.mp4" },
    } as const;
    const body = encodeChatCompletionsRequest(
      {
        model: "gpt-5",
        messages: [
          { role: "user", parts: [video, video] },
          { role: "assistant", parts: [{ type: "text", text: "Two clips." }] },
          { role: "user", parts: [{ type: "text", text: "Which is longer?" }] },
        ],
      },
      context,
    );
    expect(body.messages).toHaveLength(2);
    expect(context.losses.map((loss) => loss.path)).toEqual([
      "/messages/0/parts/0",
      "/messages/0/parts/1",
      "/messages/0",
    ]);
  });

  it("does not send another format's user turn of nothing (a responses item_reference) as an empty message: it reports it", () => {
    const context = createConversionContext();
    const body = encodeChatCompletionsRequest(
      {
        model: "gpt-5",
        messages: [
          { role: "user", parts: [{ type: "text", text: "Hi" }] },
          {
            role: "user",
            parts: [],
            extensions: { responses: { itemReference: { type: "item_reference", id: "msg_1" } } },
          },
        ],
      },
      context,
    );
    expect(body.messages).toEqual([{ role: "user", content: "Hi" }]);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([["dropped", "/messages/1"]]);
    // A chat-completions caller's own empty message is its own: still sent, with no loss.
    const ownContext = createConversionContext();
    const own = encodeChatCompletionsRequest(
      {
        model: "gpt-5",
        messages: [{ role: "user", parts: [], extensions: { "chat-completions": { contentForm: "parts" } } }],
      },
      ownContext,
    );
    expect(own.messages).toMatchObject([{ role: "user" }]);
    expect(ownContext.losses).toEqual([]);
  });

  it("sends another format's non-object parameters as an object's, which the API takes, with a loss", () => {
    const context = createConversionContext();
    const body = encodeChatCompletionsRequest(
      {
        model: "gpt-5",
        messages: [{ role: "user", parts: [{ type: "text", text: "Count." }] }],
        tools: [{ type: "function", name: "count", inputSchema: { type: "number" } }],
      },
      context,
    );
    expect(body.tools).toEqual([
      { type: "function", function: { name: "count", parameters: { type: "object" } } },
    ]);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["approximated", "/tools/0/inputSchema"],
    ]);
  });
});
