import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { defaultRecordingFormats } from "@interlingua/recordings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServe, startServe } from "../commands/serve-command";
import { captureIo } from "../testing/capture-io";

const run = promisify(execFile);

/** Runs one printed command line in a POSIX shell, as a user pasting it would. */
async function paste(command: string): Promise<unknown> {
  const { stdout } = await run("bash", ["-c", command], { timeout: 20_000 });
  return JSON.parse(stdout);
}

describe("interlingua serve offline: the banner", () => {
  const io = captureIo({ environment: {} });
  let running: RunningServe;
  let banner: string;

  beforeAll(async () => {
    const started = await startServe(["--port", "0"], io, defaultRecordingFormats);
    if (!started) throw new Error("serve did not start");
    running = started;
    banner = io.err();
  });
  afterAll(async () => {
    await running?.server.close();
  });

  it("says that any key is accepted offline and where each format is served", () => {
    const url = running.server.url;
    expect(banner).toContain("any API key is accepted offline");
    expect(banner).toContain(`messages: POST ${url}/v1/messages`);
    expect(banner).toContain(`responses: POST ${url}/v1/responses`);
    expect(banner).toContain(
      `generate-content: POST ${url}/v1beta/models/<model>:generateContent, or under /v1/`,
    );
  });

  it("prints one curl per format, each answered from the recordings when pasted into a shell", async () => {
    const commands = banner
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.startsWith("curl "));
    expect(commands).toHaveLength(5);
    const [messages, responses, chatCompletions, generateContent, interactions] = await Promise.all(
      commands.map(paste),
    );
    expect(messages).toMatchObject({
      type: "message",
      content: [{ type: "text", text: expect.stringContaining("recording") }],
    });
    expect(responses).toMatchObject({
      object: "response",
      status: "completed",
      output: [
        { type: "message", content: [{ type: "output_text", text: expect.stringContaining("recording") }] },
      ],
    });
    expect(chatCompletions).toMatchObject({
      object: "chat.completion",
      choices: [{ message: { role: "assistant", content: expect.stringContaining("recording") } }],
    });
    expect(generateContent).toMatchObject({
      candidates: [{ content: { parts: [{ text: expect.stringContaining("recording") }] } }],
    });
    expect(interactions).toMatchObject({
      status: "completed",
      steps: [
        { type: "model_output", content: [{ type: "text", text: expect.stringContaining("recording") }] },
      ],
    });
  });

  it("its generate-content command is answered under /v1/ too", async () => {
    const command = banner
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line.includes(":generateContent") && line.startsWith("curl "));
    const answer = await paste((command as string).replace("/v1beta/", "/v1/"));
    expect(answer).toMatchObject({ candidates: [{ content: { parts: [{ text: expect.any(String) }] } }] });
  });
});

describe("interlingua serve --config: the banner", () => {
  const directory = mkdtempSync(join(tmpdir(), "interlingua-banner-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("lists the routes, the providers they reach, and that callers need one of the keys", async () => {
    const file = join(directory, "gateway.json");
    writeFileSync(
      file,
      JSON.stringify({
        auth: { keys: ["sk-caller"] },
        fronts: ["messages", "generate-content"],
        providers: {
          claude: { type: "messages", baseURL: "http://127.0.0.1:1", apiKey: "k" },
          gemini: { type: "generate-content", baseURL: "http://127.0.0.1:2", apiKey: "k" },
        },
        routes: [
          { model: "claude-*", provider: "claude" },
          { model: "fast", provider: "gemini", upstreamModel: "gemini-2.5-flash" },
        ],
      }),
    );
    const io = captureIo({ environment: {} });
    const dataDir = join(directory, "data");
    const running = await startServe(
      ["--config", file, "--port", "0", "--data-dir", dataDir],
      io,
      defaultRecordingFormats,
    );
    if (!running) throw new Error("serve did not start");
    try {
      const url = running.server.url;
      expect(io.err()).toBe(
        `interlingua gateway listening on ${url}\n` +
          "Callers present one of the configured keys.\n" +
          `  messages:          POST ${url}/v1/messages\n` +
          `  generate-content:  POST ${url}/v1beta/models/<model>:generateContent, or under /v1/ ` +
          "(:streamGenerateContent?alt=sse streams)\n" +
          "Routes (the first whose model matches answers):\n" +
          "  claude-*  ->  claude (messages at http://127.0.0.1:1)\n" +
          "  fast  ->  gemini (generate-content at http://127.0.0.1:2), asked as gemini-2.5-flash\n" +
          `Keeping stored responses, image tasks and images in ${dataDir}\n`,
      );
    } finally {
      await running.server.close();
    }
  });
});
