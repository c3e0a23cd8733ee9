import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Loss } from "@interlingua/core";
import { type ConversionReport, createGateway } from "@interlingua/gateway";
import { serveNode } from "@interlingua/gateway/node";
import type { AgentBackend } from "./agent-backends";
import type { AgentClient, AgentOutcome } from "./agent-clients";
import { answerAsAgent, noteFileName } from "./agent-script";
import { createSignatureBook } from "./signature-book";
import { createStrictUpstream, type StrictUpstreamCall } from "./strict-upstream";

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
