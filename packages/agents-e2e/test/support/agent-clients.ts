import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** Where one run of an agent CLI happens. */
export interface AgentRun {
  /** The gateway's base URL (`http://127.0.0.1:port`). */
  gatewayURL: string;
  /** The key the gateway accepts. */
  apiKey: string;
  /** The working folder (holding the note). */
  folder: string;
  /** A fresh folder standing in for HOME and every config folder. */
  home: string;
  /** What to ask the agent. */
  prompt: string;
}

/** How one CLI ran. */
export interface AgentOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** One agent CLI: its front format and how to run it headless against the gateway. */
export interface AgentClient {
  /** The npm package, as pinned in package.json. */
  name: string;
  /** The format it speaks, which is the gateway front it calls. */
  front: "messages" | "responses" | "generate-content";
  /** Runs it once, to the end. */
  run(run: AgentRun): Promise<AgentOutcome>;
}

/** Environment shared by every CLI: nothing of the machine's own HOME, proxies or keys. */
function baseEnvironment(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    TMPDIR: process.env.TMPDIR ?? "/tmp",
    LANG: "C.UTF-8",
    TERM: "dumb",
    NO_COLOR: "1",
    CI: "1",
  };
}

function execute(
  file: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<AgentOutcome> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      args,
      { ...options, timeout: 120_000, maxBuffer: 16 * 1024 * 1024, killSignal: "SIGKILL" },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ exitCode: code, stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

function packageFile(name: string, file: string): string {
  return join(dirname(require.resolve(`${name}/package.json`)), file);
}

/**
 * Claude Code: `claude -p` with its default model. `cli-wrapper.cjs` runs the native binary of the
 * platform package npm installed (the package's postinstall, which only copies that binary into
 * place, is not needed). Telemetry, error reports, update checks and other non-essential traffic
 * are off through its own environment settings.
 */
export const claudeCode: AgentClient = {
  name: "@anthropic-ai/claude-code",
  front: "messages",
  run(run) {
    return execute(
      process.execPath,
      [
        packageFile("@anthropic-ai/claude-code", "cli-wrapper.cjs"),
        "-p",
        run.prompt,
        "--allowedTools",
        "Read",
      ],
      {
        cwd: run.folder,
        env: {
          ...baseEnvironment(run.home),
          ANTHROPIC_BASE_URL: run.gatewayURL,
          ANTHROPIC_API_KEY: run.apiKey,
          CLAUDE_CONFIG_DIR: join(run.home, ".claude"),
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
          DISABLE_AUTOUPDATER: "1",
          DISABLE_TELEMETRY: "1",
          DISABLE_ERROR_REPORTING: "1",
          DISABLE_BUG_COMMAND: "1",
        },
      },
    );
  },
};

/** The model Codex CLI runs with (`AGENTS_CODEX_MODEL` tries another; see decision 0017 for why not its default). */
export const codexModel = process.env.AGENTS_CODEX_MODEL ?? "gpt-5.1-codex";

/**
 * Codex CLI: `codex exec` with a model provider in its config.toml pointing at the gateway's
 * responses front; update checks, analytics, feedback and OpenTelemetry off in the same file.
 */
export const codexCli: AgentClient = {
  name: "@openai/codex",
  front: "responses",
  run(run) {
    const codexHome = join(run.home, ".codex");
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(
      join(codexHome, "config.toml"),
      [
        'model_provider = "gateway"',
        `model = "${codexModel}"`,
        "check_for_update_on_startup = false",
        "[model_providers.gateway]",
        'name = "interlingua"',
        `base_url = "${run.gatewayURL}/v1"`,
        'env_key = "INTERLINGUA_KEY"',
        'wire_api = "responses"',
        "request_max_retries = 0",
        "stream_max_retries = 0",
        "[analytics]",
        "enabled = false",
        "[feedback]",
        "enabled = false",
        "[otel]",
        'exporter = "none"',
        "",
      ].join("\n"),
    );
    return execute(
      process.execPath,
      [
        packageFile("@openai/codex", "bin/codex.js"),
        "exec",
        "--skip-git-repo-check",
        "--dangerously-bypass-approvals-and-sandbox",
        run.prompt,
      ],
      {
        cwd: run.folder,
        env: { ...baseEnvironment(run.home), CODEX_HOME: codexHome, INTERLINGUA_KEY: run.apiKey },
      },
    );
  },
};

/**
 * Gemini CLI: `gemini -p` with an API key and `GOOGLE_GEMINI_BASE_URL` pointing at the gateway;
 * usage statistics, telemetry, auto-update and its notification off in its settings.json.
 */
export const geminiCli: AgentClient = {
  name: "@google/gemini-cli",
  front: "generate-content",
  run(run) {
    const settingsFolder = join(run.home, ".gemini");
    mkdirSync(settingsFolder, { recursive: true });
    writeFileSync(
      join(settingsFolder, "settings.json"),
      JSON.stringify({
        security: { auth: { selectedType: "gemini-api-key" } },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      }),
    );
    return execute(
      process.execPath,
      [packageFile("@google/gemini-cli", "bundle/gemini.js"), "-p", run.prompt],
      {
        cwd: run.folder,
        env: {
          ...baseEnvironment(run.home),
          GEMINI_API_KEY: run.apiKey,
          GOOGLE_GEMINI_BASE_URL: run.gatewayURL,
          GEMINI_CLI_NO_RELAUNCH: "true",
          GEMINI_CLI_TRUST_WORKSPACE: "true",
        },
      },
    );
  },
};

/** The three agent CLIs. */
export const agentClients: readonly AgentClient[] = [claudeCode, codexCli, geminiCli];
