import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { agentBackends } from "./support/agent-backends";
import { type AgentCellResult, runAgentCell } from "./support/agent-cell";
import { agentClients, claudeCode, codexCli, codexModel, geminiCli } from "./support/agent-clients";
import { finalAnswerPrefix } from "./support/agent-script";
import {
  agentsSectionHeading,
  renderAgentSection,
  runtimeSectionHeading,
} from "./support/render-agent-section";

// Issue 13: the real agent CLIs, each over every backend, through the gateway.

const require = createRequire(import.meta.url);
const results: AgentCellResult[] = [];
const passed = new Set<AgentCellResult>();

describe.each(agentClients)("$name", (client) => {
  it.each(agentBackends.map((backend) => [backend.codec.id, backend] as const))(
    "over %s",
    async (_, backend) => {
      const result = await runAgentCell(client, backend);
      results.push(result);
      const refusals = result.calls.flatMap((call) =>
        call.refusal ? [`${call.path}: ${call.refusal}`] : [],
      );
      const output = `exit ${result.outcome.exitCode}\n${result.outcome.stdout}\n${result.outcome.stderr.slice(-4000)}`;
      expect(refusals, output).toEqual([]);
      expect(result.outcome.stdout, output).toContain(finalAnswerPrefix);
      expect(result.outcome.stdout, output).toContain(result.token);
      expect(result.outcome.exitCode, output).toBe(0);
      // The backend's reasoning state came back on the turn after the tool call.
      expect(result.unreturnedSignatures).toEqual([]);
      // A backend of the client's own format gets every request as the client sent it.
      expect(result.reports).not.toEqual([]);
      expect(result.reports.map((report) => report.passThrough)).toEqual(
        result.reports.map(() => client.front === backend.codec.id),
      );
      passed.add(result);
    },
  );
});

const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;

afterAll(() => {
  const section = renderAgentSection(
    [
      { client: claudeCode, version: version(claudeCode.name), note: "its default model" },
      { client: codexCli, version: version(codexCli.name), note: `model ${codexModel}` },
      { client: geminiCli, version: version(geminiCli.name), note: "its default model" },
    ],
    agentBackends.map((backend) => backend.codec.id),
    results,
    passed,
  );
  const path = fileURLToPath(new URL("../../../docs/compatibility.md", import.meta.url));
  const existing = existsSync(path) ? readFileSync(path, "utf8") : "";
  // The section stands between the SDK matrix and the runtime section (which comes last).
  const at = existing.indexOf(agentsSectionHeading);
  const runtimesAt = existing.indexOf(runtimeSectionHeading);
  const end = runtimesAt < 0 ? existing.length : runtimesAt;
  const before = at < 0 ? `${existing.slice(0, end).trimEnd()}\n\n` : existing.slice(0, at);
  const after = existing.slice(end);
  const current = at < 0 ? "" : existing.slice(at, end);
  const wanted = after === "" ? section : `${section}\n`;
  if (process.env.UPDATE_COMPATIBILITY === "1") writeFileSync(path, before + wanted + after);
  else if (passed.size === agentClients.length * agentBackends.length)
    expect(current, "docs/compatibility.md's agent section is stale: run with UPDATE_COMPATIBILITY=1").toBe(
      wanted,
    );
});
