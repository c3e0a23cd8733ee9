import type { ChatResponse, FunctionTool, JsonSchema, Message, Part } from "@interlingua/core";
import type { SignatureBook } from "./signature-book";
import type { AcceptedRequest } from "./strict-upstream";

/** The file every run's working folder holds; the agent reads it and quotes it. */
export const noteFileName = "notes.txt";

/** How the scripted model answers the final turn, before the quoted tool result. */
export const finalAnswerPrefix = "The note says:";

/** Tools that read the note, in the order the agent prefers them, with their arguments. */
const readers: { name: RegExp; argumentsFor(schema: JsonSchema, folder: string): Record<string, unknown> }[] =
  [
    // Claude Code's Read, Gemini CLI's read_file.
    {
      name: /^(Read|read_file)$/,
      argumentsFor: (schema, folder) => pathArgument(schema, `${folder}/${noteFileName}`),
    },
    // Codex CLI's shell tools: an argv array, or one command line.
    {
      name: /^(shell|local_shell|container\.exec)$/,
      argumentsFor: (schema) =>
        propertyType(schema, "command") === "array"
          ? { command: ["cat", noteFileName] }
          : { command: `cat ${noteFileName}` },
    },
    { name: /^exec_command$/, argumentsFor: () => ({ cmd: `cat ${noteFileName}` }) },
    { name: /^shell_command$/, argumentsFor: () => ({ command: `cat ${noteFileName}` }) },
  ];

function properties(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
}

function propertyType(schema: JsonSchema, name: string): unknown {
  return properties(schema)[name]?.type;
}

/** The file path under whichever name the tool's schema gives it. */
function pathArgument(schema: JsonSchema, path: string): Record<string, unknown> {
  const name = ["file_path", "absolute_path", "path"].find((candidate) => candidate in properties(schema));
  return { [name ?? "file_path"]: path };
}

/** A value matching `schema`: the first enum value, the first of a union, the least number, `"user"` for a string. */
function sampleOf(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const union of ["anyOf", "oneOf"] as const) {
    const first = (schema[union] as JsonSchema[] | undefined)?.[0];
    if (first) return sampleOf(first);
  }
  const type = (Array.isArray(schema.type) ? schema.type[0] : schema.type)?.toString().toLowerCase();
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(properties(schema)).map(([name, value]) => [name, sampleOf(value)]),
      );
    case "array":
      return [];
    case "number":
    case "integer":
      return typeof schema.minimum === "number" ? schema.minimum : 0;
    case "boolean":
      return false;
    default:
      return "user";
  }
}

function textOf(parts: readonly Part[]): string {
  return parts
    .map((part) => {
      if (part.type === "text") return part.text;
      if (part.type === "tool-result") return textOf(part.content);
      return "";
    })
    .join("");
}

function lastUserMessage(messages: readonly Message[]): Message | undefined {
  return messages.findLast((message) => message.role === "user" || message.role === "tool");
}

/** How the scripted model signs its tool-call turn, as the backend's real models do. */
export type SigningStyle = "reasoning-part" | "on-tool-call";

/**
 * The scripted model of a small agent: a side request (no tools, or a JSON output format) gets a
 * short answer matching it; a request whose latest turn holds a tool result gets the final answer
 * quoting that result; otherwise it calls the first tool the client offered that reads the note.
 */
export function answerAsAgent(
  accepted: AcceptedRequest,
  options: { folder: string; format: string; signing: SigningStyle; thinks: boolean; book: SignatureBook },
): ChatResponse {
  const { request } = accepted;
  const base = {
    id: `resp_${Math.random().toString(36).slice(2)}`,
    model: request.model,
    status: "completed" as const,
  };
  const usage = { inputTokens: 100, outputTokens: 10 };
  if (request.outputFormat?.type === "json-schema")
    return {
      ...base,
      parts: [{ type: "text", text: JSON.stringify(sampleOf(request.outputFormat.schema)) }],
      finishReason: { reason: "stop" },
      usage,
    };
  const latest = lastUserMessage(request.messages);
  const result = latest?.parts.find((part) => part.type === "tool-result");
  if (result)
    return {
      ...base,
      parts: [{ type: "text", text: `${finalAnswerPrefix} ${textOf([result]).trim()}` }],
      finishReason: { reason: "stop" },
      usage,
    };
  const tools = (request.tools ?? []).filter((tool): tool is FunctionTool => tool.type === "function");
  for (const reader of readers) {
    const tool = tools.find((candidate) => reader.name.test(candidate.name));
    if (!tool) continue;
    const signed = options.thinks && options.signing === "on-tool-call";
    const thinks = options.thinks && options.signing === "reasoning-part";
    const signature = signed || thinks ? { format: options.format, data: options.book.issue() } : undefined;
    const call: Part = {
      type: "tool-call",
      id: `call_${Math.random().toString(36).slice(2, 10)}`,
      name: tool.name,
      arguments: reader.argumentsFor(tool.inputSchema, options.folder),
      ...(signed ? { signature } : {}),
    };
    return {
      ...base,
      parts:
        thinks && signature
          ? [{ type: "reasoning", text: "I should read the note.", signature }, call]
          : [call],
      finishReason: { reason: "tool_calls" },
      usage,
    };
  }
  return { ...base, parts: [{ type: "text", text: "ok" }], finishReason: { reason: "stop" }, usage };
}
