import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeChatCompletionsResponse } from "./encode-chat-completions-response";

describe("encodeChatCompletionsResponse, reasons the format cannot say", () => {
  it("a failed answer goes out as stop with its error left out, its reason, status and error reported", () => {
    const context = createConversionContext();
    const wire = encodeChatCompletionsResponse(
      {
        id: "resp_1",
        model: "m",
        parts: [],
        finishReason: { reason: "error" },
        usage: {},
        status: "failed",
        error: { kind: "invalid_request", status: 400, message: "bad" },
      },
      context,
    );
    expect(wire.choices[0]?.finish_reason).toBe("stop");
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["approximated", "/finishReason"],
      ["dropped", "/status"],
      ["dropped", "/error"],
    ]);
  });

  it("another format's own reason is reported where it becomes stop, a plain stop is not", () => {
    const foreign = createConversionContext();
    encodeChatCompletionsResponse(
      {
        id: "r",
        model: "m",
        parts: [],
        finishReason: { reason: "other", raw: "OTHER" },
        usage: {},
        status: "completed",
      },
      foreign,
    );
    expect(foreign.losses.map((loss) => loss.path)).toEqual(["/finishReason"]);
    const plain = createConversionContext();
    encodeChatCompletionsResponse(
      { id: "r", model: "m", parts: [], finishReason: { reason: "stop" }, usage: {}, status: "completed" },
      plain,
    );
    expect(plain.losses).toEqual([]);
  });
});

describe("encodeChatCompletionsResponse, reasoning of nothing", () => {
  it("reports a reasoning part with no text, summary or state dropped, not one with text", () => {
    const lossesOf = (reasoning: { text?: string; summary?: string[] }) => {
      const context = createConversionContext();
      encodeChatCompletionsResponse(
        {
          id: "r",
          model: "m",
          parts: [
            { type: "reasoning", ...reasoning },
            { type: "text", text: "Hi." },
          ],
          finishReason: { reason: "stop" },
          usage: {},
          status: "completed",
        },
        context,
      );
      return context.losses.map((loss) => [loss.code, loss.path]);
    };
    expect(lossesOf({})).toEqual([["dropped", "/parts/0"]]);
    expect(lossesOf({ summary: [] })).toEqual([["dropped", "/parts/0"]]);
    expect(lossesOf({ text: "Thinking." })).toEqual([]);
  });
});

describe("encodeChatCompletionsResponse, what a message cannot say as it came", () => {
  it("reports text after a tool call, sent before the calls, and an empty call id, which reads as none", () => {
    const context = createConversionContext();
    const wire = encodeChatCompletionsResponse(
      {
        id: "resp_1",
        model: "m",
        parts: [
          { type: "text", text: "First." },
          { type: "tool-call", id: "", name: "f", arguments: {} },
          { type: "text", text: "Then." },
        ],
        finishReason: { reason: "tool_calls" },
        usage: {},
        status: "completed",
      },
      context,
    );
    expect(wire.choices[0]?.message).toMatchObject({ content: "First.Then." });
    const losses = context.losses.map((loss) => [loss.code, loss.path, loss.message]);
    expect(losses).toContainEqual(["approximated", "/parts/1/id", "an empty tool call id reads as none"]);
    expect(losses).toContainEqual([
      "approximated",
      "/parts/2",
      "text after a tool call is sent before the calls",
    ]);
    expect(losses).toContainEqual([
      "approximated",
      "/parts/1",
      "a tool call is sent after the text that followed it",
    ]);
  });

  it("reports an empty text beside other text, which joins as nothing, and not a lone empty text", () => {
    const lossesOf = (texts: string[]) => {
      const context = createConversionContext();
      encodeChatCompletionsResponse(
        {
          id: "resp_1",
          model: "m",
          parts: texts.map((text) => ({ type: "text" as const, text })),
          finishReason: { reason: "stop" },
          usage: {},
          status: "completed",
        },
        context,
      );
      return context.losses.map((loss) => [loss.code, loss.path]);
    };
    expect(lossesOf(["a", ""])).toEqual([["dropped", "/parts/1"]]);
    expect(lossesOf(["", ""])).toEqual([["dropped", "/parts/1"]]);
    expect(lossesOf(["", "a"])).toEqual([
      ["approximated", "/parts/0"],
      ["approximated", "/parts/1"],
    ]);
    expect(lossesOf([""])).toEqual([]);
  });

  it("reports a repeated call id, which reads back as a new one", () => {
    const context = createConversionContext();
    const call = { type: "tool-call" as const, id: "c1", name: "f", arguments: {} };
    encodeChatCompletionsResponse(
      {
        id: "resp_1",
        model: "m",
        parts: [call, call],
        finishReason: { reason: "tool_calls" },
        usage: {},
        status: "completed",
      },
      context,
    );
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([["approximated", "/parts/1/id"]]);
  });

  it("reports an empty text after a tool call too, which comes back before it", () => {
    const context = createConversionContext();
    encodeChatCompletionsResponse(
      {
        id: "resp_1",
        model: "m",
        parts: [
          { type: "tool-call", id: "c1", name: "f", arguments: {} },
          { type: "text", text: "" },
        ],
        finishReason: { reason: "tool_calls" },
        usage: {},
        status: "completed",
      },
      context,
    );
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
      ["approximated", "/parts/1"],
      ["approximated", "/parts/0"],
    ]);
  });
});
