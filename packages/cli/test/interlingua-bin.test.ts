import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { specPath } from "@interlingua/core/test";
import { RecordedExchange } from "@interlingua/recordings";
import { afterAll, describe, expect, it } from "vitest";

const cliPackage = fileURLToPath(new URL("..", import.meta.url));
const workspaceRoot = fileURLToPath(new URL("../../..", import.meta.url));

const temporaryDirectories: string[] = [];
afterAll(() => {
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

/**
 * A copy of the package as a checkout has it before `pnpm build`: the bin and the sources, no
 * `dist`; with `withDependencies`, the workspace's node_modules (where tsx is) beside it.
 */
function unbuiltPackage(withDependencies: boolean): string {
  const directory = mkdtempSync(join(tmpdir(), "interlingua-bin-"));
  temporaryDirectories.push(directory);
  mkdirSync(join(directory, "bin"));
  copyFileSync(join(cliPackage, "bin", "interlingua.js"), join(directory, "bin", "interlingua.js"));
  symlinkSync(join(cliPackage, "src"), join(directory, "src"), "dir");
  if (withDependencies)
    symlinkSync(join(workspaceRoot, "node_modules"), join(directory, "node_modules"), "dir");
  return directory;
}

/** Runs the bin of `directory` with `args` from `cwd`; resolves with its exit code and output. */
function runBin(directory: string, args: string[], cwd: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(directory, "bin", "interlingua.js"), ...args],
      // An outer `pnpm test` sets INIT_CWD to the workspace root; the bin must read paths from cwd.
      // tsx's disk cache would outlive the test in the OS temp folder.
      { cwd, env: { ...process.env, INIT_CWD: workspaceRoot, TSX_DISABLE_CACHE: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("the interlingua bin before pnpm build", { timeout: 120_000 }, () => {
  it("runs the command line from source when tsx is at hand, reading paths from where it is run", async () => {
    const directory = unbuiltPackage(true);
    const help = await runBin(directory, ["--help"], directory);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toContain("Usage: interlingua <command>");
    const input = specPath("recordings", "messages", "text.response.json");
    const converted = await runBin(
      directory,
      ["convert", input, "--to", "responses", "-o", "out.jsonl"],
      directory,
    );
    expect(converted.code).toBe(0);
    const [line] = readFileSync(join(directory, "out.jsonl"), "utf8").trim().split("\n");
    expect(RecordedExchange.parse(JSON.parse(line as string))).toMatchObject({ format: "responses" });
    const usage = await runBin(directory, ["convert"], directory);
    expect(usage.code).toBe(2);
  });

  it("says to run pnpm build first, in one line and with no stack trace, when it cannot run from source", async () => {
    const directory = unbuiltPackage(false);
    const result = await runBin(directory, ["--help"], directory);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: "interlingua: this copy is not built; run pnpm build first\n",
    });
  });
});
