import { CanonicalError, type ChatRequest, createConversionContext } from "@interlingua/core";
import { chatRequestArbitrary, createSpecValidator } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createResponsesCodec } from "../responses-codec";
import { responsesDigest } from "../responses-digest";
import { decodeResponsesRequest } from "./decode-responses-request";
import { encodeResponsesRequest } from "./encode-responses-request";

const validator = createSpecValidator("responses");
const hello: ChatRequest["messages"] = [{ role: "user", parts: [{ type: "text", text: "hi" }] }];

const encode = (request: Omit<ChatRequest, "messages"> & { messages?: ChatRequest["messages"] }) => {
  const context = createConversionContext();
  const wire = encodeResponsesRequest({ messages: hello, ...request }, context);
  return { wire: wire as Record<string, unknown>, paths: context.losses.map((loss) => loss.path) };
};

function rejection(wire: unknown): CanonicalError {
  try {
    decodeResponsesRequest(wire, createConversionContext());
  } catch (error) {
    if (CanonicalError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("the request was accepted");
}

/** Every `call_id` in an encoded `input`. */
const callIds = (wire: Record<string, unknown>) =>
  Array.isArray(wire.input)
    ? (wire.input as { call_id?: unknown }[]).flatMap((item) =>
        typeof item.call_id === "string" ? [item.call_id] : [],
      )
    : [];

/** Settings of other formats, biased to the edges of every range, on models of every family. */
const settingsArbitrary = fc.record(
  {
    model: fc.constantFrom(
      "gpt-4.1",
      "gpt-5",
      "gpt-5-mini",
      "gpt-5.2",
      "gpt-5-chat-latest",
      "gpt-5.1-codex",
      "o3",
      "o4-mini",
      "codex-mini-latest",
      "my-deployment",
    ),
    temperature: fc.constantFrom(0, 0.5, 1, 1.5, 2),
    topP: fc.constantFrom(0, 0.5, 1),
    maxOutputTokens: fc.constantFrom(1, 15, 16, 17, 4096),
    topLogprobs: fc.constantFrom(-1, 0, 20, 21, 64),
    serviceTier: fc.constantFrom("auto", "default", "flex", "priority", "scale", "standard_only", "batch"),
    user: fc.constantFrom(1, 63, 64, 65, 150).map((length) => "u".repeat(length)),
    reasoning: fc.record(
      {
        enabled: fc.boolean(),
        effort: fc.constantFrom("none", "minimal", "low", "high"),
        budgetTokens: fc.constantFrom(0, 1024, 32_000),
        summary: fc.constantFrom("auto", "detailed"),
      },
      { requiredKeys: [] },
    ),
    store: fc.boolean(),
    callId: fc.constantFrom(8, 64, 65, 200).map((length) => `call_${"x".repeat(length - 5)}`),
  },
  { requiredKeys: ["model"] },
);

describe("legalizeResponsesRequest", () => {
  it("sends only requests the API accepts, and reports every setting it had to change", () => {
    fc.assert(
      fc.property(chatRequestArbitrary, settingsArbitrary, (generated, settings) => {
        const { callId, ...chosen } = settings;
        const messages: ChatRequest["messages"] =
          callId === undefined
            ? generated.messages
            : [
                ...generated.messages,
                { role: "assistant", parts: [{ type: "tool-call", id: callId, name: "f", arguments: {} }] },
                {
                  role: "tool",
                  parts: [{ type: "tool-result", callId, content: [{ type: "text", text: "ok" }] }],
                },
              ];
        const request: ChatRequest = { ...generated, ...chosen, messages };
        delete request.extensions;
        const context = createConversionContext();
        const wire = encodeResponsesRequest(request, context) as Record<string, unknown>;
        const paths = context.losses.map((loss) => loss.path);
        // The responses decoder refuses what the API refuses, so it is the validator here, with the
        // vendor spec for the settings (the spec's input items are ambiguous; see the round-trip test).
        expect(() => decodeResponsesRequest(structuredClone(wire), createConversionContext())).not.toThrow();
        expect(validator.validate("CreateResponse", { ...wire, input: "hi" })).toEqual([]);
        for (const id of callIds(wire)) expect(id.length).toBeLessThanOrEqual(64);
        // A change is reported at the setting's path or at an ancestor of it.
        const kept = (path: string, value: unknown, sent: unknown) => {
          if (value !== undefined && sent !== value)
            expect(
              paths.some((loss) => path === loss || path.startsWith(`${loss}/`)),
              path,
            ).toBe(true);
        };
        kept("/temperature", request.temperature, wire.temperature);
        kept("/topP", request.topP, wire.top_p);
        kept("/maxOutputTokens", request.maxOutputTokens, wire.max_output_tokens);
        kept("/topLogprobs", request.topLogprobs, wire.top_logprobs);
        kept("/serviceTier", request.serviceTier, wire.service_tier);
        kept("/user", request.user, wire.user);
        kept("/store", request.store, wire.store);
        const effort = (wire.reasoning as { effort?: string } | undefined)?.effort;
        kept("/reasoning/effort", request.reasoning?.effort, effort);
        const sentIds = new Set(callIds(wire));
        for (const [messageIndex, message] of request.messages.entries())
          for (const [partIndex, part] of message.parts.entries()) {
            const id = part.type === "tool-call" ? part.id : part.type === "tool-result" ? part.callId : "";
            if (id.length > 64 && !sentIds.has(id))
              expect(paths).toContainEqual(
                expect.stringMatching(`^/messages/${messageIndex}/parts/${partIndex}/`),
              );
          }
      }),
      { numRuns: 300 },
    );
    // 300 requests through the encoder, the decoder and the spec validator: seconds on a loaded machine.
  }, 30_000);

  it("sends a strict tool whose schema strict mode refuses without strict, reported at its canonical place", () => {
    const open = { type: "object", properties: { city: { type: "string" } } };
    const { wire, paths } = encode({
      model: "gpt-4.1",
      tools: [
        // A hosted tool responses has not: it is left out, so the function is the first wire tool.
        { type: "hosted", kind: "bash" },
        { type: "function", name: "weather", inputSchema: open, strict: true },
      ],
    });
    expect(wire.tools).toEqual([{ type: "function", name: "weather", parameters: open, strict: false }]);
    expect(paths).toEqual(["/tools/0", "/tools/1/strict"]);
  });

  it("raises max_output_tokens to 16 and maps the messages standard tier", () => {
    const { wire, paths } = encode({ model: "gpt-4.1", maxOutputTokens: 8, serviceTier: "standard_only" });
    expect(wire).toMatchObject({ max_output_tokens: 16, service_tier: "default" });
    expect(paths.sort()).toEqual(["/maxOutputTokens", "/serviceTier"]);
    const other = encode({ model: "gpt-4.1", serviceTier: "batch" });
    expect(other.wire.service_tier).toBeUndefined();
    expect(other.paths).toEqual(["/serviceTier"]);
  });

  it("sends a user over 64 characters as its stable SHA-256 digest", () => {
    const user = "u".repeat(150);
    const first = encode({ model: "gpt-4.1", user });
    expect(first.wire.user).toBe(responsesDigest(user));
    expect(first.wire.user).toMatch(/^[0-9a-f]{64}$/);
    expect(encode({ model: "gpt-4.1", user }).wire.user).toBe(first.wire.user);
    expect(first.paths).toEqual(["/user"]);
    expect(responsesDigest("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(encode({ model: "gpt-4.1", user: "u".repeat(64) }).wire.user).toBe("u".repeat(64));

    const key = "k".repeat(80);
    const carried = encode({ model: "gpt-4.1", promptCacheKey: key });
    expect(carried.wire.prompt_cache_key).toBe(responsesDigest(key));
    expect(carried.paths).toEqual(["/promptCacheKey"]);
  });

  it("drops temperature and top_p for models that reason, and keeps them where they are taken", () => {
    const sampled = { temperature: 0.2, topP: 0.5 };
    const reasoning = encode({ model: "o3", ...sampled });
    expect(reasoning.wire.temperature).toBeUndefined();
    expect(reasoning.wire.top_p).toBeUndefined();
    expect(reasoning.paths.sort()).toEqual(["/temperature", "/topP"]);
    expect(encode({ model: "o3", temperature: 1 }).wire.temperature).toBe(1);
    expect(encode({ model: "gpt-4.1", ...sampled }).wire).toMatchObject({ temperature: 0.2, top_p: 0.5 });
    expect(encode({ model: "gpt-5-chat-latest", ...sampled }).paths).toEqual([]);
    // gpt-5.1 and later take them with effort none, their default, and not with another effort.
    expect(encode({ model: "gpt-5.2", ...sampled }).wire).toMatchObject({ temperature: 0.2, top_p: 0.5 });
    expect(encode({ model: "gpt-5.2", ...sampled, reasoning: { effort: "high" } }).paths).toEqual([
      "/temperature",
      "/topP",
    ]);
    // An unknown model is taken not to reason unless the request asks it to.
    expect(encode({ model: "my-deployment", ...sampled }).paths).toEqual([]);
    expect(encode({ model: "my-deployment", ...sampled, reasoning: { effort: "low" } }).paths).toEqual([
      "/temperature",
      "/topP",
    ]);
  });

  it("sends only the reasoning efforts a family takes, and none to a model that does not reason", () => {
    // Disabled thinking (messages, generate-content) is the minimal effort, which gpt-5.2 lacks.
    const disabled = encode({ model: "gpt-5.2", reasoning: { enabled: false } });
    expect(disabled.wire.reasoning).toEqual({ effort: "none" });
    expect(disabled.paths).toEqual(["/reasoning/enabled", "/reasoning/effort"]);
    expect(encode({ model: "o3", reasoning: { effort: "none" } }).wire.reasoning).toEqual({ effort: "low" });
    expect(encode({ model: "gpt-5", reasoning: { effort: "xhigh" } }).wire.reasoning).toEqual({
      effort: "high",
    });
    expect(encode({ model: "gpt-5", reasoning: { effort: "minimal" } }).paths).toEqual([]);
    expect(encode({ model: "my-deployment", reasoning: { effort: "max" } }).paths).toEqual([]);
    const plain = encode({ model: "gpt-4.1", reasoning: { effort: "high" } });
    expect(plain.wire.reasoning).toBeUndefined();
    expect(plain.paths).toEqual(["/reasoning"]);
  });

  it("lets callers name model families of their own", () => {
    const codec = createResponsesCodec({
      modelFamilies: [{ name: "house reasoner", pattern: /^house-r/, reasoning: true }],
    });
    const context = createConversionContext();
    const wire = codec.encodeRequest({ model: "house-r1", messages: hello, temperature: 0.2 }, context);
    expect(wire.temperature).toBeUndefined();
    expect(context.losses[0]?.message).toContain("house reasoner");
    expect(() =>
      codec.decodeRequest({ model: "house-r1", input: "hi", temperature: 0.2 }, createConversionContext()),
    ).toThrow(/temperature/);
    expect(encode({ model: "house-r1", temperature: 0.2 }).wire.temperature).toBe(0.2);
  });

  it("asks a model that reasons for its reasoning back as state when another format's request says no store", () => {
    const { wire, paths } = encode({ model: "o3", reasoning: { effort: "high" }, logprobs: true });
    expect(wire.store).toBe(false);
    expect(wire.include).toEqual(["message.output_text.logprobs", "reasoning.encrypted_content"]);
    expect(paths).toEqual([]);
    // The family's default effort reasons too; effort none does not.
    expect(encode({ model: "gpt-5" }).wire).toMatchObject({
      store: false,
      include: ["reasoning.encrypted_content"],
    });
    expect(encode({ model: "gpt-5.2" }).wire.store).toBeUndefined();
    expect(encode({ model: "gpt-4.1", reasoning: { effort: "high" } }).wire.store).toBeUndefined();
    expect(encode({ model: "o3", store: true }).wire).not.toHaveProperty("include");
  });

  it("leaves a responses caller's request as it came, store omitted included", () => {
    const body = { model: "o3", input: "hi", reasoning: { effort: "high" }, temperature: 1 };
    const context = createConversionContext();
    const decoded = decodeResponsesRequest(structuredClone(body), context);
    expect(encodeResponsesRequest(decoded, context)).toEqual(body);
    expect(context.losses).toEqual([]);
  });

  it("sends a call id over 64 characters as one digest for the call and its output", () => {
    const id = `toolu_${"a".repeat(120)}`;
    const { wire, paths } = encode({
      model: "gpt-4.1",
      messages: [
        { role: "user", parts: [{ type: "text", text: "weather?" }] },
        { role: "assistant", parts: [{ type: "tool-call", id, name: "weather", arguments: {} }] },
        {
          role: "tool",
          parts: [{ type: "tool-result", callId: id, content: [{ type: "text", text: "sun" }] }],
        },
      ],
    });
    expect(callIds(wire)).toEqual([responsesDigest(id), responsesDigest(id)]);
    expect(paths).toEqual(["/messages/1/parts/0/id", "/messages/2/parts/0/callId"]);
  });
});

describe("decodeResponsesRequest refuses what the legality rules would change", () => {
  const base = { model: "gpt-4.1", input: "hi" };
  it.each<[string, unknown, string]>([
    ["max_output_tokens below 16", { ...base, max_output_tokens: 15 }, "max_output_tokens"],
    ["an unknown service tier", { ...base, service_tier: "standard_only" }, "service_tier"],
    ["a user over 64 characters", { ...base, user: "u".repeat(65) }, "user"],
    [
      "a safety_identifier over 64 characters",
      { ...base, safety_identifier: "s".repeat(65) },
      "safety_identifier",
    ],
    [
      "a prompt_cache_key over 64 characters",
      { ...base, prompt_cache_key: "p".repeat(65) },
      "prompt_cache_key",
    ],
    ["temperature 0.3 for o3", { ...base, model: "o3", temperature: 0.3 }, "temperature"],
    ["top_p 0.5 for gpt-5", { ...base, model: "gpt-5", top_p: 0.5 }, "top_p"],
    ["a reasoning effort for gpt-4.1", { ...base, reasoning: { effort: "low" } }, "reasoning.effort"],
    ["effort minimal for o3", { ...base, model: "o3", reasoning: { effort: "minimal" } }, "reasoning.effort"],
    [
      "temperature with reasoning on an unknown model",
      { ...base, model: "my-deployment", reasoning: { effort: "low" }, temperature: 0 },
      "temperature",
    ],
  ])("%s, naming the field", (_name, wire, param) => {
    const error = rejection(wire);
    expect(error.kind).toBe("invalid_request");
    expect(error.param).toBe(param);
    expect(error.message).toContain(param);
  });

  it("accepts every spec service tier, identifiers of 64 characters, and sampling where the model takes it", () => {
    for (const tier of ["auto", "default", "flex", "scale", "priority", "fast", "ultrafast"])
      expect(() =>
        decodeResponsesRequest({ ...base, service_tier: tier }, createConversionContext()),
      ).not.toThrow();
    const accepted = [
      { ...base, user: "u".repeat(64), safety_identifier: "s".repeat(64), max_output_tokens: 16 },
      { ...base, model: "o3", temperature: 1, top_p: 1 },
      { ...base, model: "gpt-5.2", temperature: 0.3 },
      { ...base, model: "gpt-5.2", reasoning: { effort: "none" }, top_p: 0.5 },
      { ...base, input: [{ type: "function_call_output", call_id: "c".repeat(300), output: "ok" }] },
    ];
    for (const wire of accepted)
      expect(() => decodeResponsesRequest(wire, createConversionContext())).not.toThrow();
  });
});
