import { beforeAll, describe, expect, it } from "vitest";
import type { SpecAllowance } from "./spec-allowance";
import { readSpecRecordings, type SpecRecordingValue } from "./spec-recordings";
import {
  createSpecValidator,
  createSpecValidatorWith,
  type SpecFormat,
  type SpecValidator,
  specAllowances,
} from "./spec-validator";

const formats: SpecFormat[] = ["messages", "responses", "generate-content"];
const recordings = {} as Record<SpecFormat, SpecRecordingValue[]>;

beforeAll(async () => {
  for (const format of formats) recordings[format] = await readSpecRecordings(format);
});

/** Problems of each value, prefixed with where it comes from (a schema the spec lacks is one too). */
function failures(validator: SpecValidator, values: readonly SpecRecordingValue[]): string[] {
  return values.flatMap(({ source, schemaName, value }) => {
    try {
      return validator.validate(schemaName, value).map((problem) => `${source} (${schemaName}) ${problem}`);
    } catch (error) {
      return [`${source}: ${(error as Error).message}`];
    }
  });
}

function recorded(format: SpecFormat, source: string): Record<string, unknown> {
  const found = recordings[format].find((recording) => recording.source === source);
  if (!found) throw new Error(`No recording ${source}`);
  return structuredClone(found.value) as Record<string, unknown>;
}

/**
 * Values that need an allowance the recordings do not exercise (each must fail without it). The
 * others are shown necessary by the recordings themselves.
 */
const allowanceExamples: Record<string, { schemaName: string; value: unknown }> = {
  "dated-beta-tools": {
    schemaName: "CreateMessageParams",
    value: {
      model: "claude-3-5-sonnet-20241022",
      max_tokens: 100,
      messages: [{ role: "user", content: "Hi" }],
      tools: [{ type: "bash_20241022", name: "bash" }],
    },
  },
  "stream-error-event": {
    schemaName: "MessageStreamEvent",
    value: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
  },
  "model-not-required": {
    schemaName: "GenerateContentRequest",
    value: { contents: [{ role: "user", parts: [{ text: "Hi" }] }] },
  },
  "int64-as-number-or-string": {
    schemaName: "GenerateContentRequest",
    value: {
      contents: [{ role: "user", parts: [{ text: "Hi" }] }],
      generationConfig: { responseSchema: { type: "ARRAY", maxItems: 3, items: { type: "STRING" } } },
    },
  },
  "overlapping-input-message-forms": {
    schemaName: "CreateResponse",
    value: { model: "gpt-5", input: [{ role: "user", content: [{ type: "input_text", text: "Hi" }] }] },
  },
  "codex-request-fields": {
    schemaName: "CreateResponse",
    value: {
      model: "gpt-5.1-codex",
      input: [{ type: "message", id: "msg_1", role: "user", content: [{ type: "input_text", text: "Hi" }] }],
      client_metadata: { session_id: "s1" },
      tools: [
        {
          type: "namespace",
          name: "agents",
          description: "",
          tools: [{ type: "function", name: "close", parameters: { type: "object", properties: {} } }],
        },
      ],
    },
  },
  "optional-function-description": {
    schemaName: "GenerateContentRequest",
    value: {
      contents: [{ role: "user", parts: [{ text: "Hi" }] }],
      tools: [{ functionDeclarations: [{ name: "ping" }] }],
    },
  },
  "newer-request-fields": {
    schemaName: "GenerateContentRequest",
    value: {
      contents: [{ role: "user", parts: [{ text: "Hi", partMetadata: { tag: 1 } }] }],
      generationConfig: { responseModalities: ["TEXT", "VIDEO"], imageConfig: { aspectRatio: "16:9" } },
      tools: [
        { googleMaps: { enableWidget: true } },
        { computerUse: { environment: "ENVIRONMENT_BROWSER" } },
      ],
      toolConfig: { retrievalConfig: { latLng: { latitude: 1.5, longitude: 2 }, languageCode: "en" } },
    },
  },
  "output-text-logprobs-optional-in-requests": {
    schemaName: "CreateResponse",
    value: {
      model: "gpt-5",
      input: [
        {
          type: "message",
          role: "assistant",
          id: "msg_1",
          status: "completed",
          content: [{ type: "output_text", text: "Hello", annotations: [] }],
        },
      ],
    },
  },
};

describe.each(formats)("createSpecValidator(%s)", (format) => {
  it("accepts every recording in received mode", () => {
    expect(recordings[format].length).toBeGreaterThan(20);
    expect(failures(createSpecValidator(format, { mode: "received" }), recordings[format])).toEqual([]);
  });

  it("needs each of its allowances: without it, a recording or documented example fails", () => {
    const all = specAllowances(format, "received");
    for (const allowance of all) {
      const without = createSpecValidatorWith(
        format,
        all.filter((other: SpecAllowance) => other !== allowance),
      );
      const example = allowanceExamples[allowance.name];
      const values = example ? [{ source: allowance.name, ...example }] : recordings[format];
      if (example) expect(failures(createSpecValidator(format, { mode: "received" }), values)).toEqual([]);
      expect(failures(without, values), allowance.name).not.toEqual([]);
    }
  });

  it("caches one validator per format and mode", () => {
    expect(createSpecValidator(format)).toBe(createSpecValidator(format, { mode: "emitted" }));
    expect(createSpecValidator(format)).not.toBe(createSpecValidator(format, { mode: "received" }));
  });

  it("throws for a schema name the spec lacks", () => {
    expect(() => createSpecValidator(format).validate("NoSuchSchema", {})).toThrow(
      /no schema named NoSuchSchema/,
    );
  });
});

describe("emitted mode", () => {
  it("rejects the older forms accepted only on decode", () => {
    const validator = createSpecValidator("responses");
    expect(
      validator.validate("ResponseStreamEvent", recorded("responses", "parallel-function-calls.sse#3")),
    ).toContain("/sequence_number: required property is missing");
    const done = recorded("responses", "reasoning-summary-function-calls.step2.chunks.jsonl#17");
    expect(done.type).toBe("response.function_call_arguments.done");
    expect(validator.validate("ResponseStreamEvent", done)).toEqual(["/name: required property is missing"]);
    expect(validator.validate("ResponseStreamEvent", { ...done, name: "get_weather" })).toEqual([]);
  });

  it("rejects the Vertex AI dialect", () => {
    const chunk = recorded("generate-content", "vertex-streamed-function-call-args.chunks.jsonl#2");
    const problems = createSpecValidator("generate-content").validate("GenerateContentResponse", chunk);
    expect(problems).toContain("/createTime: property not declared by the spec");
    expect(problems).toContain(
      "/candidates/0/content/parts/0/functionCall/name: required property is missing",
    );
  });
});

describe("malformed objects fail with the offending path", () => {
  it("an undeclared property on an output object, including a merged allOf object", () => {
    const validator = createSpecValidator("responses");
    const response = recorded("responses", "reasoning-encrypted-content.response.json");
    expect(validator.validate("Response", response)).toEqual([]);
    const output = response.output as Record<string, unknown>[];
    (output[1] as Record<string, unknown>).invented = true;
    response.invented = 1;
    expect(validator.validate("Response", response).sort()).toEqual([
      "/invented: property not declared by the spec",
      "/output/1/invented: property not declared by the spec",
    ]);
  });

  it("a wrong type", () => {
    const message = recorded("messages", "text.response.json");
    (message.usage as Record<string, unknown>).output_tokens = "12";
    expect(createSpecValidator("messages").validate("Message", message)).toEqual([
      "/usage/output_tokens: must be integer",
    ]);
  });

  it("a missing required field", () => {
    const event = recorded("messages", "text.chunks.jsonl#4");
    expect(event.type).toBe("content_block_delta");
    delete (event.delta as Record<string, unknown>).text;
    expect(createSpecValidator("messages").validate("MessageStreamEvent", event)).toEqual([
      "/delta/text: required property is missing",
    ]);
  });

  it("obfuscation on a .done event, but not on a .delta event", () => {
    const validator = createSpecValidator("responses");
    const delta = recorded("responses", "text.sse#7");
    expect(delta.type).toBe("response.output_text.delta");
    expect(delta.obfuscation).toEqual(expect.any(String));
    expect(validator.validate("ResponseStreamEvent", delta)).toEqual([]);
    const done: Record<string, unknown> = { ...recorded("responses", "text.sse#11"), obfuscation: "abc" };
    expect(done.type).toBe("response.output_text.done");
    expect(validator.validate("ResponseStreamEvent", done)).toEqual([
      "/obfuscation: property not declared by the spec",
    ]);
  });

  it("a bad enum value, and an unknown event type", () => {
    const chunk = recorded("generate-content", "function-call.chunks.jsonl#2");
    ((chunk.candidates as Record<string, unknown>[])[0] as Record<string, unknown>).finishReason = "DONE";
    const [problem] = createSpecValidator("generate-content").validate("GenerateContentResponse", chunk);
    expect(problem).toMatch(/^\/candidates\/0\/finishReason: must be one of \[.*"TOO_MANY_TOOL_CALLS"/);
    expect(createSpecValidator("messages").validate("MessageStreamEvent", { type: "message_end" })).toEqual([
      '/type: unknown variant "message_end"',
    ]);
  });

  it("a bad value inside a nullable union names the inner field, not the null alternative", () => {
    const event = recorded("messages", "server-tool-use-web-search-then-refusal.sse#1");
    const usage = (event.message as Record<string, Record<string, unknown>>).usage as Record<string, unknown>;
    usage.server_tool_use = { web_search_requests: "one", web_fetch_requests: 0 };
    expect(createSpecValidator("messages").validate("MessageStreamEvent", event)).toEqual([
      "/message/usage/server_tool_use/web_search_requests: must be integer",
    ]);
  });

  it("usage: null on a completed response, and an error event mixing the flat and nested forms", () => {
    const validator = createSpecValidator("responses");
    const response = recorded("responses", "reasoning-encrypted-content.response.json");
    expect(validator.validate("Response", { ...response, usage: null })).toEqual(["/usage: must be object"]);
    const nested = recorded("responses", "error-insufficient-quota.chunks.jsonl#3");
    expect(validator.validate("ResponseStreamEvent", nested)).toEqual([]);
    expect(validator.validate("ResponseStreamEvent", { ...nested, message: "flat too" })).toEqual([
      "/message: boolean schema is false",
    ]);
  });

  it("a generate-content error body without its status", () => {
    const body = recorded("generate-content", "error-400-invalid-argument.json");
    delete (body.error as Record<string, unknown>).status;
    expect(createSpecValidator("generate-content").validate("Error", body)).toEqual([
      "/error/status: required property is missing",
    ]);
  });
});
