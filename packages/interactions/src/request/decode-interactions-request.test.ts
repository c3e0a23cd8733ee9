import { CanonicalError, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { interactionsCodec } from "../interactions-codec";

const decode = (wire: unknown) => interactionsCodec.decodeRequest(wire, createConversionContext());
const roundTrip = (wire: unknown) => {
  const context = createConversionContext();
  const encoded = interactionsCodec.encodeRequest(
    interactionsCodec.decodeRequest(structuredClone(wire), context),
    context,
  );
  return { encoded, losses: context.losses };
};

describe("decodeInteractionsRequest", () => {
  it("refuses, naming input, messages of which nothing can be sent (an empty refusal), instead of sending no input", () => {
    const request = {
      model: "m",
      messages: [{ role: "assistant" as const, parts: [{ type: "refusal" as const, text: "" }] }],
    };
    expect(() => interactionsCodec.encodeRequest(request, createConversionContext())).toThrowError(
      expect.objectContaining({ kind: "invalid_request", param: "input" }),
    );
  });

  it("reads an image resolution of low or high as the canonical detail, and keeps the others as they came", () => {
    const image = (resolution: string) => ({
      model: "m",
      input: [{ type: "user_input", content: [{ type: "image", uri: "https://x/a.png", resolution }] }],
    });
    const [part] = decode(image("high")).messages[0]!.parts;
    expect(part).toMatchObject({ type: "media", detail: "high" });
    expect(part?.extensions).toBeUndefined();
    for (const resolution of ["low", "high", "ultra_high"])
      expect(roundTrip(image(resolution))).toEqual({ encoded: image(resolution), losses: [] });
  });

  it("refuses an agent interaction, naming agent, in the caller's terms", () => {
    expect(() => decode({ agent: "deep-research-pro", input: "Research this." })).toThrowError(
      expect.objectContaining({ kind: "invalid_request", param: "agent" }),
    );
  });

  it("refuses function parameters that are not a schema object (never sent as {})", () => {
    const tools = [{ type: "function", name: "lookup", parameters: "any" }];
    expect(() => decode({ model: "m", input: "Hi", tools })).toThrowError(
      expect.objectContaining({ kind: "invalid_request", param: "tools.0.parameters" }),
    );
  });

  it("refuses a top_p or temperature outside Gemini's ranges, naming it (no backend takes them)", () => {
    expect(() => decode({ model: "m", input: "Hi", generation_config: { top_p: 1.5 } })).toThrowError(
      expect.objectContaining({ kind: "invalid_request", param: "generation_config.top_p" }),
    );
    expect(() => decode({ model: "m", input: "Hi", generation_config: { temperature: 2.5 } })).toThrowError(
      expect.objectContaining({ kind: "invalid_request", param: "generation_config.temperature" }),
    );
    expect(
      decode({ model: "m", input: "Hi", generation_config: { top_p: 1, temperature: 2 } }),
    ).toMatchObject({
      topP: 1,
      temperature: 2,
    });
  });

  it("refuses a body without a model, and input mixing content blocks and steps", () => {
    const missing = (() => {
      try {
        decode({ input: "x" });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(CanonicalError.isInstance(missing) && missing.param).toBe("model");
    expect(() =>
      decode({
        model: "m",
        input: [
          { type: "text", text: "a" },
          { type: "user_input", content: [] },
        ],
      }),
    ).toThrowError(expect.objectContaining({ param: "input" }));
  });

  it("keeps an object function result, a validated tool choice and an allowed_tools without mode exactly", () => {
    for (const wire of [
      {
        model: "m",
        input: [
          { type: "function_call", id: "c1", name: "f", arguments: {} },
          { type: "function_result", call_id: "c1", result: { ok: true, items: [1, 2] } },
        ],
      },
      { model: "m", input: "x", generation_config: { tool_choice: "validated" } },
      { model: "m", input: "x", generation_config: { tool_choice: { allowed_tools: { tools: ["f"] } } } },
      { model: "m", input: "x", response_format: [{ type: "text" }, { type: "image", aspect_ratio: "1:1" }] },
    ])
      expect(roundTrip(wire)).toEqual({ encoded: wire, losses: [] });
  });

  it("reads an object function result as structured data, its JSON text traced to the result", () => {
    const context = createConversionContext();
    const request = interactionsCodec.decodeRequest(
      {
        model: "m",
        input: [
          { type: "function_call", id: "c1", name: "f", arguments: {} },
          { type: "function_result", call_id: "c1", result: { ok: true } },
          { type: "function_result", call_id: "c1", result: "plain" },
        ],
      },
      context,
    );
    const [object, plain] = request.messages[1]!.parts;
    expect(object).toMatchObject({ structured: true, content: [{ type: "text", text: '{"ok":true}' }] });
    expect(object?.extensions).toBeUndefined();
    expect(plain).not.toHaveProperty("structured");
    expect(context.sourcePath("/messages/1/parts/0/structured")).toBe("/input/1/result");
  });

  it("decodes the history into turns: input and results on the caller's side, the rest on the model's", () => {
    const request = decode({
      model: "m",
      input: [
        { type: "user_input", content: [{ type: "text", text: "q" }] },
        { type: "thought", signature: "sig" },
        { type: "function_call", id: "c1", name: "f", arguments: { a: 1 } },
        { type: "function_result", call_id: "c1", result: "r" },
      ],
    });
    expect(request.messages.map((message) => [message.role, message.parts.map((part) => part.type)])).toEqual(
      [
        ["user", ["text"]],
        ["assistant", ["reasoning", "tool-call"]],
        ["user", ["tool-result"]],
      ],
    );
    expect(request.messages[1]?.parts[0]).toMatchObject({
      signature: { format: "interactions", data: "sig" },
    });
  });
});

describe("encodeInteractionsRequest from other formats", () => {
  it("sends a structured tool result as its object, and text that is no JSON as text with a loss", () => {
    const result = (text: string) => {
      const context = createConversionContext();
      const wire = interactionsCodec.encodeRequest(
        {
          model: "m",
          messages: [
            { role: "assistant", parts: [{ type: "tool-call", id: "c1", name: "f", arguments: {} }] },
            {
              role: "tool",
              parts: [
                { type: "tool-result", callId: "c1", content: [{ type: "text", text }], structured: true },
              ],
            },
          ],
        },
        context,
      ) as { input: { result?: unknown }[] };
      return { result: wire.input[1]?.result, losses: context.losses.map((loss) => [loss.code, loss.path]) };
    };
    expect(result('{"sky":"cloudy"}')).toEqual({ result: { sky: "cloudy" }, losses: [] });
    expect(result("not json")).toEqual({
      result: "not json",
      losses: [["approximated", "/messages/1/parts/0/structured"]],
    });
  });

  it("reports what the format has no field for, with paths", () => {
    const context = createConversionContext();
    interactionsCodec.encodeRequest(
      {
        model: "gemini-3-flash-preview",
        topK: 40,
        frequencyPenalty: 0.5,
        metadata: { user: "x" },
        candidateCount: 2,
        messages: [
          {
            role: "assistant",
            parts: [
              { type: "reasoning", text: "hmm", signature: { format: "messages", data: "s" } },
              { type: "hosted-tool-call", id: "h1", tool: "web_search", input: { query: "q" } },
            ],
          },
        ],
        tools: [{ type: "hosted", kind: "bash" }],
      },
      context,
    );
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual(
      expect.arrayContaining([
        ["dropped", "/topK"],
        ["dropped", "/frequencyPenalty"],
        ["dropped", "/metadata"],
        ["unsupported", "/candidateCount"],
        ["approximated", "/messages/0/parts/0/text"],
        ["dropped", "/messages/0/parts/0/signature"],
        ["unsupported", "/messages/0/parts/1"],
        ["unsupported", "/tools/0"],
      ]),
    );
  });

  it("reads thinking_summaries none as thoughts left out, and gives it back", () => {
    const wire = { model: "m", input: "x", generation_config: { thinking_summaries: "none" } };
    expect(decode(wire).reasoning).toEqual({ includeThoughts: false });
    expect(roundTrip(wire)).toEqual({ encoded: wire, losses: [] });
  });

  it("keeps safety settings spelled otherwise than the canonical enum as they came", () => {
    const wire = {
      model: "m",
      input: "x",
      safety_settings: [{ type: "Harassment", threshold: "block_none" }],
    };
    expect(roundTrip(wire)).toEqual({ encoded: wire, losses: [] });
  });
});
