import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { specPath } from "@interlingua/core/test";
import { RecordedExchange } from "@interlingua/recordings";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./run-cli";
import { captureIo } from "./testing/capture-io";

const shared = (format: string, file: string) => specPath("recordings", format, file);

const temporaryDirectories: string[] = [];
afterAll(() => {
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

/** A new directory under the OS temp folder, removed after the file's tests. */
function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "interlingua-cli-"));
  temporaryDirectories.push(directory);
  return directory;
}

function jsonLines(path: string): unknown[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

describe("interlingua --help", () => {
  it("lists the commands and exits 0", async () => {
    const io = captureIo();
    expect(await runCli(["--help"], io)).toBe(0);
    expect(io.out()).toMatch(/serve[\s\S]*convert[\s\S]*inspect/);
  });

  it("shows a command's options", async () => {
    for (const command of ["convert", "inspect", "serve"]) {
      const io = captureIo();
      expect(await runCli([command, "--help"], io)).toBe(0);
      expect(io.out()).toContain(`Usage: interlingua ${command}`);
    }
  });

  it("rejects an unknown command or option with a clear message and exit code 2", async () => {
    const unknownCommand = captureIo();
    expect(await runCli(["translate"], unknownCommand)).toBe(2);
    expect(unknownCommand.err()).toContain('unknown command "translate"');
    const unknownOption = captureIo();
    expect(await runCli(["convert", "x.jsonl", "--to", "messages", "--fast"], unknownOption)).toBe(2);
    expect(unknownOption.err()).toMatch(/--fast/);
    const badFormat = captureIo();
    expect(await runCli(["convert", "x.jsonl", "--to", "chat"], badFormat)).toBe(2);
    expect(badFormat.err()).toContain('Unknown format "chat"');
  });
});

describe("interlingua convert", () => {
  it("converts to chat-completions and back: a streamed tool loop arrives as chunks at /v1/chat/completions", async () => {
    const directory = temporaryDirectory();
    const output = join(directory, "chat.jsonl");
    const io = captureIo();
    const input = shared("messages", "streamed-tool-use-roundtrip.http.json");
    expect(await runCli(["convert", input, "--to", "chat-completions", "-o", output], io)).toBe(0);
    const exchanges = jsonLines(output).map((line) => RecordedExchange.parse(line));
    expect(exchanges).toHaveLength(2);
    for (const exchange of exchanges) {
      expect(exchange.format).toBe("chat-completions");
      expect(exchange.path).toBe("/v1/chat/completions");
      const events = exchange.response?.events as { object?: string }[];
      expect(events.every((event) => event.object === "chat.completion.chunk")).toBe(true);
    }
    const back = join(directory, "back.jsonl");
    expect(await runCli(["convert", output, "--to", "messages", "-o", back], captureIo())).toBe(0);
    expect(jsonLines(back)).toHaveLength(2);
  });

  it("writes converted exchanges beside a loss report", async () => {
    const directory = temporaryDirectory();
    const output = join(directory, "out.jsonl");
    const io = captureIo();
    const input = shared("messages", "tool-runner-roundtrips.nock.json");
    expect(await runCli(["convert", input, "--to", "generate-content", "-o", output], io)).toBe(0);
    const exchanges = jsonLines(output).map((line) => RecordedExchange.parse(line));
    expect(exchanges).toHaveLength(10);
    for (const exchange of exchanges) {
      expect(exchange.format).toBe("generate-content");
      expect(exchange.path).toMatch(/:generateContent$/);
      expect(exchange.response?.body).toHaveProperty("candidates");
    }
    // The tool schemas go whole as parametersJsonSchema, so the requests lose nothing; each answer's
    // service tier (Anthropic's usage.service_tier) has no place in a generate-content answer.
    const reports = jsonLines(`${output}.losses.jsonl`) as { losses: unknown[] }[];
    expect(reports.map((report) => report.losses)).toEqual(
      Array.from({ length: 10 }, () => [
        {
          side: "response",
          code: "dropped",
          path: "/usage/service_tier",
          message: "the upstream answer's service_tier has no place in a generate-content answer",
        },
      ]),
    );
    expect(io.err()).toMatch(
      /converted 10 exchanges to generate-content: 0 lossless, 10 with losses, 0 failed/,
    );
    expect(readdirSync(directory).sort()).toEqual(["out.jsonl", "out.jsonl.losses.jsonl"]);
  });

  it("converts to the interactions format, and back", async () => {
    const directory = temporaryDirectory();
    const output = join(directory, "out.jsonl");
    const io = captureIo();
    const input = shared("messages", "tool-runner-roundtrips.nock.json");
    expect(await runCli(["convert", input, "--to", "interactions", "-o", output], io)).toBe(0);
    const exchanges = jsonLines(output).map((line) => RecordedExchange.parse(line));
    expect(exchanges).toHaveLength(10);
    for (const exchange of exchanges) {
      expect(exchange.format).toBe("interactions");
      expect(exchange.path).toBe("/v1beta/interactions");
      expect(exchange.request?.body).toHaveProperty("input");
      expect(exchange.response?.body).toHaveProperty("steps");
    }
    expect(io.err()).toMatch(/converted 10 exchanges to interactions/);
    const back = join(directory, "back.jsonl");
    expect(await runCli(["convert", output, "--to", "messages", "-o", back], captureIo())).toBe(0);
    expect(jsonLines(back)).toHaveLength(10);
  });

  it("writes to standard output with losses on standard error when no output is named", async () => {
    const io = captureIo();
    const input = shared("responses", "reasoning-encrypted-content.response.json");
    expect(await runCli(["convert", input, "--to", "messages"], io)).toBe(0);
    const [exchange] = io
      .out()
      .trim()
      .split("\n")
      .map((line) => RecordedExchange.parse(JSON.parse(line)));
    expect(exchange?.format).toBe("messages");
    expect(io.err()).toMatch(/response dropped \/output\/0/);
  });

  it("fails lossy exchanges in strict mode and says so in the exit code", async () => {
    const directory = temporaryDirectory();
    const output = join(directory, "out.jsonl");
    const io = captureIo();
    const input = shared("messages", "web-search-citations-delta.chunks.jsonl");
    expect(await runCli(["convert", input, "--to", "generate-content", "--strict", "-o", output], io)).toBe(
      1,
    );
    expect(jsonLines(output)).toEqual([]);
    const [report] = jsonLines(`${output}.losses.jsonl`) as { failure?: { message: string } }[];
    expect(report?.failure?.message).toMatch(/^Strict conversion/);
    expect(io.err()).toContain("1 failed");
  });

  it("reads standard input", async () => {
    const io = captureIo({ stdin: readFileSync(shared("messages", "text.chunks.jsonl"), "utf8") });
    expect(await runCli(["convert", "-", "--to", "responses", "--from", "messages"], io)).toBe(0);
    const exchange = RecordedExchange.parse(JSON.parse(io.out()));
    expect(exchange.response?.events?.[0]).toMatchObject({ type: "response.created" });
  });

  it("leaves no output behind when the input turns out to be bad, and names the place", async () => {
    const directory = temporaryDirectory();
    const input = join(directory, "broken.jsonl");
    const good = readFileSync(shared("messages", "text.chunks.jsonl"), "utf8").split("\n")[0];
    const exchange = {
      format: "messages",
      method: "POST",
      path: "/v1/messages",
      response: { status: 200, events: [JSON.parse(good ?? "{}")] },
    };
    writeFileSync(
      input,
      `${JSON.stringify(exchange)}\n${JSON.stringify(exchange)}\n{"format": "messages", oops\n`,
    );
    const output = join(directory, "out.jsonl");
    const io = captureIo();
    expect(await runCli(["convert", input, "--to", "responses", "-o", output], io)).toBe(2);
    expect(io.err()).toContain("broken.jsonl:3: not valid JSON");
    expect(readdirSync(directory)).toEqual(["broken.jsonl"]);
  });

  it("converts the chat calls of a HAR capture and skips the rest", async () => {
    const directory = temporaryDirectory();
    const input = join(directory, "capture.har");
    const body = readFileSync(shared("messages", "text.response.json"), "utf8");
    const chat = {
      request: {
        method: "POST",
        url: "https://api.example.test/v1/messages",
        headers: [{ name: "x-api-key", value: "sk-ant-secret" }],
        postData: {
          text: JSON.stringify({ model: "m", max_tokens: 100, messages: [{ role: "user", content: "Hi" }] }),
        },
      },
      response: { status: 200, headers: [], content: { mimeType: "application/json", text: body } },
    };
    const page = { request: { method: "GET", url: "https://example.test/" }, response: { status: 200 } };
    writeFileSync(input, JSON.stringify({ log: { version: "1.2", entries: [page, chat, page] } }));
    const io = captureIo();
    expect(await runCli(["convert", input, "--to", "responses"], io)).toBe(0);
    const exchanges = io
      .out()
      .trim()
      .split("\n")
      .map((line) => RecordedExchange.parse(JSON.parse(line)));
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({
      format: "responses",
      path: "/v1/responses",
      id: `${input}#entries/1`,
    });
    expect(exchanges[0]?.response?.body).toMatchObject({ object: "response" });
    expect(io.out()).not.toContain("sk-ant-secret");
  });

  it("names a missing input file", async () => {
    const io = captureIo();
    expect(await runCli(["convert", "/nonexistent/x.har", "--to", "messages"], io)).toBe(2);
    expect(io.err()).toContain("Cannot read /nonexistent/x.har: ENOENT");
  });

  it("reports progress as plain lines off a terminal and as a bar on one", async () => {
    const directory = temporaryDirectory();
    const input = join(directory, "many.jsonl");
    const exchange = JSON.stringify({
      format: "messages",
      method: "POST",
      path: "",
      response: {
        status: 200,
        body: JSON.parse(readFileSync(shared("messages", "text.response.json"), "utf8")),
      },
    });
    writeFileSync(input, `${exchange}\n`.repeat(2500));
    const plain = captureIo();
    expect(
      await runCli(["convert", input, "--to", "responses", "-o", join(directory, "a.jsonl")], plain),
    ).toBe(0);
    expect(plain.err().match(/^progress: \d+ exchanges/gm)).toHaveLength(2);
    const terminal = captureIo({ tty: true });
    expect(
      await runCli(["convert", input, "--to", "responses", "-o", join(directory, "b.jsonl")], terminal),
    ).toBe(0);
    expect(terminal.err()).not.toContain("progress:");
    expect(jsonLines(join(directory, "b.jsonl"))).toHaveLength(2500);
  });
});

describe("interlingua inspect", () => {
  it("shows the canonical exchange and a table of what survives each format", async () => {
    const io = captureIo();
    expect(
      await runCli(["inspect", shared("responses", "reasoning-encrypted-content.response.json")], io),
    ).toBe(0);
    const out = io.out();
    expect(out).toContain('"type": "reasoning"');
    expect(out).toMatch(/field\s+chat-completions\s+messages\s+interactions\s+responses\s+generate-content/);
    expect(out).toMatch(/response \/output\/0\s+dropped\s+dropped\s+dropped\s+ok\s+dropped/);
    expect(out).toMatch(/every other field\s+ok\s+ok\s+ok\s+ok/);
  });
});

describe("interlingua serve, bad usage", () => {
  it("names a bad configuration key and a bad port, exiting 2", async () => {
    const directory = temporaryDirectory();
    const config = join(directory, "gateway.json");
    writeFileSync(config, JSON.stringify({ providers: {}, routes: [{ model: "*", provider: "nowhere" }] }));
    const badConfig = captureIo();
    expect(await runCli(["serve", "--config", config, "--port", "0"], badConfig)).toBe(2);
    expect(badConfig.err()).toContain("routes.0.provider: no provider named 'nowhere'");
    const notJson = captureIo();
    writeFileSync(config, "{");
    expect(await runCli(["serve", "--config", config], notJson)).toBe(2);
    expect(notJson.err()).toContain("gateway.json: not valid JSON");
    const badPort = captureIo();
    expect(await runCli(["serve", "--port", "http"], badPort)).toBe(2);
    expect(badPort.err()).toContain("--port: not a port number: http");
  });
});
