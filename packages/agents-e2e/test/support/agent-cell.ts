import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnyCodec, ChatRequest, Loss } from "@interlingua/core";
import { type ConversionReport, createGateway } from "@interlingua/gateway";
import { serveNode } from "@interlingua/gateway/node";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import type { AgentClient, AgentOutcome } from "./agent-clients";
import { answerAsAgent, createSignatureBook, noteFileName, type SigningStyle } from "./agent-script";
import {
  createStrictUpstream,
  type ExtraRule,
  type SpecCheck,
  type StrictUpstreamCall,
} from "./strict-upstream";
import { generateContentSpecCheck, messagesSpecCheck, responsesSpecCheck } from "./vendor-spec-checks";

/** A backend format the cells run over, and how its real API and models behave. */
export interface AgentBackend {
  codec: AnyCodec;
  /** Checks its chat request against the vendor spec. */
  checkSpec: SpecCheck;
  /** The model a route to it names when the caller speaks another format. */
  model: string;
  /** How its models sign a tool-call turn. */
  signing: SigningStyle;
  /** Whether its model reasons before answering this request (and so returns reasoning). */
  thinks(request: ChatRequest): boolean;
  /** The API's rules beyond the schema and the codec's decoder. */
  rules: readonly ExtraRule[];
}

/**
 * Gemini 3 refuses a request whose current turn has a function call without its thought signature
 * (ai.google.dev/gemini-api/docs/thought-signatures: "missing thought signatures on function calls
 * in the current turn results in a 400 error").
 */
const currentTurnCallsSigned: ExtraRule = ({ request }) => {
  const lastUserText = request.messages.findLastIndex(
    (message) => message.role === "user" && message.parts.some((part) => part.type === "text"),
  );
  for (const message of request.messages.slice(lastUserText + 1))
    for (const part of message.parts)
      if (part.type === "tool-call" && part.signature?.format !== "generate-content")
        return `Function call is missing a thought_signature in functionCall parts (${part.name})`;
  return undefined;
};

/**
 * With thinking on, the assistant turn of the latest tool calls must start with its thinking block
 * (platform.claude.com/docs/en/build-with-claude/extended-thinking, "Preserving thinking blocks").
 */
const toolTurnStartsWithThinking: ExtraRule = ({ request }) => {
  if (request.reasoning?.enabled !== true) return undefined;
  const turn = request.messages.findLast(
    (message) => message.role === "assistant" && message.parts.some((part) => part.type === "tool-call"),
  );
  if (turn && turn.parts[0]?.type !== "reasoning")
    return "Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block.";
  return undefined;
};

const jsonSchemaTypes = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** The first `type` in a JSON Schema (or one nested in it) that names no JSON Schema type. */
function badSchemaType(schema: unknown, path: string): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  const node = schema as Record<string, unknown>;
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  for (const type of types)
    if (!jsonSchemaTypes.has(type as string)) return `${path}/type: ${JSON.stringify(type)}`;
  const children: [string, unknown][] = [];
  for (const keyword of ["items", "additionalProperties", "not"]) children.push([keyword, node[keyword]]);
  for (const keyword of ["anyOf", "oneOf", "allOf", "prefixItems"])
    if (Array.isArray(node[keyword]))
      for (const [index, child] of (node[keyword] as unknown[]).entries())
        children.push([`${keyword}/${index}`, child]);
  for (const keyword of ["properties", "$defs", "definitions"])
    for (const [name, child] of Object.entries((node[keyword] as Record<string, unknown> | undefined) ?? {}))
      children.push([`${keyword}/${name}`, child]);
  for (const [where, child] of children) {
    const found = badSchemaType(child, `${path}/${where}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * Tool and output schemas are JSON Schema, whose `type` names are lower case (json-schema.org,
 * "type"); the messages and responses APIs refuse a schema that is not valid JSON Schema.
 */
const schemasAreJsonSchema: ExtraRule = ({ request }) => {
  const schemas: [string, unknown][] = (request.tools ?? []).flatMap((tool) =>
    tool.type === "function" ? [[`tool ${tool.name}`, tool.inputSchema] as [string, unknown]] : [],
  );
  if (request.outputFormat?.type === "json-schema")
    schemas.push(["output format", request.outputFormat.schema]);
  for (const [what, schema] of schemas) {
    const bad = badSchemaType(schema, "");
    if (bad) return `Invalid JSON Schema in the ${what}: ${bad} is not a JSON Schema type`;
  }
  return undefined;
};

/** The three backends. */
export const agentBackends: readonly AgentBackend[] = [
  {
    codec: messagesCodec,
    checkSpec: messagesSpecCheck,
    model: "claude-sonnet-4-5",
    signing: "reasoning-part",
    // Thinking is on only when `thinking` says so; an effort alone does not turn it on.
    thinks: (request) => request.reasoning?.enabled === true,
    rules: [toolTurnStartsWithThinking, schemasAreJsonSchema],
  },
  {
    codec: responsesCodec,
    checkSpec: responsesSpecCheck,
    model: "gpt-5",
    signing: "reasoning-part",
    // gpt-5 always reasons.
    thinks: () => true,
    rules: [schemasAreJsonSchema],
  },
  {
    codec: generateContentCodec,
    checkSpec: generateContentSpecCheck,
    model: "gemini-3-pro-preview",
    signing: "on-tool-call",
    // Gemini 3 always thinks; its signature rides on the function call.
    thinks: () => true,
    rules: [currentTurnCallsSigned],
  },
];

/** What one cell (a client over a backend) did. */
export interface AgentCellResult {
  client: string;
  front: string;
  backend: string;
  /** The token the note held; the final answer must quote it. */
  token: string;
  outcome: AgentOutcome;
  /** Every request the upstream saw. */
  calls: StrictUpstreamCall[];
  /** Every chat exchange the gateway reported. */
  reports: ConversionReport[];
  /** Reasoning state the upstream issued that never came back to it. */
  unreturnedSignatures: string[];
}

/** Every distinct loss of a cell's exchanges. */
export function lossesOf(result: AgentCellResult): Loss[] {
  const seen = new Map<string, Loss>();
  for (const report of result.reports)
    for (const loss of report.losses) seen.set(`${loss.code} ${loss.path} ${loss.message}`, loss);
  return [...seen.values()];
}

const apiKey = "agents-e2e-caller-key";

/**
 * Runs `client` once through a fresh gateway whose every route goes to a strict upstream of
 * `backend`'s format, in a fresh working folder holding the note, with a fresh HOME.
 */
export async function runAgentCell(client: AgentClient, backend: AgentBackend): Promise<AgentCellResult> {
  const root = mkdtempSync(join(tmpdir(), "interlingua-agent-"));
  const folder = join(root, "work");
  const home = join(root, "home");
  const token = `interlingua-${Math.random().toString(36).slice(2, 12)}`;
  mkdirSync(folder);
  mkdirSync(home);
  writeFileSync(join(folder, noteFileName), `${token}\n`);
  const format = backend.codec.id;
  const book = createSignatureBook(format);
  const upstream = await createStrictUpstream({
    codec: backend.codec,
    checkSpec: backend.checkSpec,
    rules: [book.rule, ...backend.rules],
    answer: (accepted) =>
      answerAsAgent(accepted, {
        folder,
        format,
        signing: backend.signing,
        thinks: backend.thinks(accepted.request),
        book,
      }),
  });
  const reports: ConversionReport[] = [];
  const passThrough = client.front === format;
  const gateway = createGateway({
    auth: { keys: [apiKey] },
    secret: "agents-e2e-sealing-secret-0123456789",
    providers: { upstream: { type: format as never, baseURL: upstream.url, apiKey: "upstream-key" } },
    routes: [{ model: "*", provider: "upstream", ...(passThrough ? {} : { upstreamModel: backend.model }) }],
    onConversion: (report) => reports.push(report),
  });
  const server = await serveNode(gateway);
  try {
    const outcome = await client.run({
      gatewayURL: server.url,
      apiKey,
      folder,
      home,
      prompt: `Read the file ${noteFileName} in this folder and tell me what it says.`,
    });
    return {
      client: client.name,
      front: client.front,
      backend: format,
      token,
      outcome,
      calls: upstream.calls,
      reports,
      unreturnedSignatures: book.unreturned(),
    };
  } finally {
    await server.close();
    await upstream.close();
    rmSync(root, { recursive: true, force: true });
  }
}
