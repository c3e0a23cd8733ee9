import { describe, expect, it } from "vitest";
import { type AgentCellResult, agentBackends, lossesOf, runAgentCell } from "./support/agent-cell";
import { agentClients } from "./support/agent-clients";
import { finalAnswerPrefix } from "./support/agent-script";

const results: AgentCellResult[] = [];

describe.each(agentClients)("$name", (client) => {
  it.each(agentBackends.map((backend) => [backend.codec.id, backend] as const))(
    "over %s",
    async (_, backend) => {
      const result = await runAgentCell(client, backend);
      results.push(result);
      const summary = {
        exitCode: result.outcome.exitCode,
        stdout: result.outcome.stdout.slice(-2000),
        stderr: result.outcome.stderr.slice(-3000),
        calls: result.calls.map(
          (call) => `${call.method} ${call.path}${call.refusal ? ` REFUSED ${call.refusal}` : ""}`,
        ),
        losses: lossesOf(result),
      };
      if (process.env.AGENTS_DEBUG) {
        console.log(JSON.stringify(summary, null, 2));
        const { writeFileSync } = await import("node:fs");
        writeFileSync(
          `/tmp/agents-${result.front}-${result.backend}.json`,
          JSON.stringify(
            result.calls.map((call) => ({ ...call, headers: Object.fromEntries(call.headers) })),
            null,
            1,
          ),
        );
      }
      expect(result.calls.flatMap((call) => (call.refusal ? [`${call.path}: ${call.refusal}`] : []))).toEqual(
        [],
      );
      expect(result.outcome.stdout).toContain(finalAnswerPrefix);
      expect(result.outcome.stdout).toContain(result.token);
      expect(result.outcome.exitCode).toBe(0);
      // The backend's reasoning state came back on the turn after the tool call.
      expect(result.unreturnedSignatures).toEqual([]);
    },
  );
});
