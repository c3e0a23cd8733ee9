import { createGenerateContentProvider, generateContentCodec } from "@interlingua/generate-content";
import { codecBenchmarks } from "./codec-benchmarks";

/** A long agent conversation: function declarations, thoughts, calls, responses and signatures, about 50 KB. */
function agentRequest(): unknown {
  const functionDeclarations = Array.from({ length: 12 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Does step ${index} of the job, with options described at length for the model.`,
    parameters: {
      type: "OBJECT",
      properties: {
        path: { type: "STRING", description: "File path" },
        limit: { type: "INTEGER" },
        flags: { type: "ARRAY", items: { type: "STRING" } },
      },
      required: ["path"],
    },
  }));
  const contents: unknown[] = [
    { role: "user", parts: [{ text: "Refactor the project and run the tests until they pass." }] },
  ];
  for (let turn = 0; turn < 60; turn++) {
    contents.push({
      role: "model",
      parts: [
        { text: `Turn ${turn}: next I should look at module ${turn}.`, thought: true },
        { text: `Looking at module ${turn} now.` },
        {
          functionCall: {
            name: `tool_${turn % 12}`,
            args: { path: `src/module-${turn}.ts`, limit: 200, flags: ["-n", "--color"] },
          },
          thoughtSignature: "EqQBCkYIBxgCKkBs".repeat(4),
        },
      ],
    });
    contents.push({
      role: "user",
      parts: [
        {
          functionResponse: {
            name: `tool_${turn % 12}`,
            response: {
              output: `export function module${turn}() {\n  return compute(${turn}) + helper("${"x".repeat(400)}");\n}\n`,
            },
          },
        },
      ],
    });
  }
  return {
    systemInstruction: { parts: [{ text: "You are a careful coding agent." }] },
    tools: [{ functionDeclarations }],
    toolConfig: { functionCallingConfig: { mode: "AUTO" } },
    generationConfig: {
      maxOutputTokens: 8192,
      thinkingConfig: { thinkingBudget: 4096, includeThoughts: true },
    },
    contents,
  };
}

/** A streamed answer of 5,000 chunks: thought pieces, answer text, then a whole function call. */
function longStream(): unknown[] {
  const chunk = (part: Record<string, unknown>) => ({
    candidates: [{ content: { parts: [part], role: "model" }, index: 0 }],
    usageMetadata: { promptTokenCount: 4900, cachedContentTokenCount: 4000, totalTokenCount: 4900 },
    modelVersion: "gemini-2.5-pro",
    responseId: "bench-response",
  });
  const chunks: unknown[] = [];
  for (let i = 0; i < 2000; i++) chunks.push(chunk({ text: `step ${i} `, thought: true }));
  chunks.push(chunk({ text: "", thought: true, thoughtSignature: "EqQBsig" }));
  for (let i = 0; i < 2997; i++) chunks.push(chunk({ text: `word${i} ` }));
  chunks.push(
    chunk({ functionCall: { name: "write_file", args: { path: "a.ts", text: "abc ".repeat(50) } } }),
  );
  chunks.push({
    candidates: [{ content: { parts: [{ text: "" }], role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: 4900,
      cachedContentTokenCount: 4000,
      candidatesTokenCount: 3000,
      thoughtsTokenCount: 2000,
      totalTokenCount: 9900,
    },
    modelVersion: "gemini-2.5-pro",
    responseId: "bench-response",
  });
  return chunks;
}

/** The generate-content codec benchmarks (issue 4). See {@link codecBenchmarks} for what each row measures. */
export const benchmarks = codecBenchmarks({
  codec: generateContentCodec,
  createProvider: (fetch) =>
    createGenerateContentProvider({ baseURL: "http://upstream.invalid", apiKey: "bench", fetch }),
  request: agentRequest(),
  stream: longStream(),
  unit: "chunk",
  requestLocation: { model: "gemini-2.5-pro" },
  // The real API ends each data-only event with CRLF.
  frame: (data) => `data: ${data}\r\n\r\n`,
});
