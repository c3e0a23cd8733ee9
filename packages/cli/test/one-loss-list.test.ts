import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConversionContext, type Loss } from "@interlingua/core";
import { type ConversionReport, createGateway } from "@interlingua/gateway";
import { defaultRecordingFormats, findRecordingFormat } from "@interlingua/recordings";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli";
import { captureIo } from "../src/testing/capture-io";

/**
 * One document, three readers of its losses: the gateway's `x-interlingua-losses` header (and the
 * report it counts), strict mode in the gateway, and `interlingua convert --strict`. They must
 * agree: the same list, and strict failing at its first loss.
 */

const formats = ["messages", "responses", "generate-content", "chat-completions"];

interface Document {
  name: string;
  format: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const documents: Document[] = [
  {
    name: "a responses request with its own options",
    format: "responses",
    path: "/v1/responses",
    headers: { authorization: "Bearer c" },
    body: {
      model: "m",
      max_output_tokens: 64,
      input: "Hi",
      prompt_cache_key: "cache-1",
      safety_identifier: "user-1",
      client_metadata: { app: "x" },
      text: { verbosity: "low" },
    },
  },
  {
    name: "a messages request with a search result, a container and top_k",
    format: "messages",
    path: "/v1/messages",
    headers: { "x-api-key": "c", "anthropic-version": "2023-06-01" },
    body: {
      model: "m",
      max_tokens: 64,
      top_k: 5,
      container: "container_011",
      messages: [
        {
          role: "user",
          content: [
            {
              type: "search_result",
              source: "https://example.com/paris",
              title: "Paris",
              content: [{ type: "text", text: "Paris is the capital of France." }],
            },
            { type: "text", text: "Which city is the capital?" },
          ],
        },
      ],
    },
  },
  {
    name: "a chat-completions request with its own options",
    format: "chat-completions",
    path: "/v1/chat/completions",
    headers: { authorization: "Bearer c" },
    body: {
      model: "m",
      max_completion_tokens: 64,
      messages: [{ role: "user", content: "Hi" }],
      prompt_cache_key: "cache-1",
      logit_bias: { "50256": -100 },
    },
  },
];

const directory = mkdtempSync(join(tmpdir(), "interlingua-losses-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A gateway whose only backend speaks `target`, answering every call with a plain text answer. */
function gatewayTo(target: string, reports: ConversionReport[]) {
  const { codec } = findRecordingFormat(defaultRecordingFormats, target);
  return createGateway({
    providers: { upstream: { type: target as never, baseURL: "http://upstream.invalid", apiKey: "k" } },
    routes: [{ model: "m", provider: "upstream" }],
    onConversion: (report) => reports.push(report),
    fetch: async () => {
      const body = codec.encodeResponse(
        {
          id: "resp_1",
          model: "m",
          parts: [{ type: "text", text: "Paris." }],
          finishReason: { reason: "stop" },
          usage: { inputTokens: 3, outputTokens: 2 },
          status: "completed",
        },
        createConversionContext(),
      );
      return Response.json(body);
    },
  });
}

async function throughGateway(document: Document, target: string, strict: boolean) {
  const reports: ConversionReport[] = [];
  const response = await gatewayTo(target, reports).fetch(
    new Request(`http://gateway.test${document.path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...document.headers,
        ...(strict && { "x-interlingua-strict": "1" }),
      },
      body: JSON.stringify(document.body),
    }),
  );
  return { response, losses: reports.flatMap((report) => report.losses) };
}

async function throughConvert(document: Document, target: string, strict: boolean) {
  const input = join(directory, `${document.format}-${target}-${strict}.jsonl`);
  const output = join(directory, `${document.format}-${target}-${strict}.out.jsonl`);
  writeFileSync(
    input,
    `${JSON.stringify({ format: document.format, method: "POST", path: document.path, request: { headers: {}, body: document.body } })}\n`,
  );
  const code = await runCli(
    ["convert", input, "--to", target, "-o", output, ...(strict ? ["--strict"] : [])],
    captureIo(),
  );
  const lines = readFileSync(`${output}.losses.jsonl`, "utf8").split("\n").filter(Boolean);
  const report = lines.length === 0 ? undefined : JSON.parse(lines[0]!);
  return {
    code,
    losses: ((report?.losses ?? []) as (Loss & { side: string })[]).map(({ side: _side, ...loss }) => loss),
    failure: report?.failure as { param?: string } | undefined,
  };
}

const pairs = documents.flatMap((document) =>
  formats
    .filter((target) => target !== document.format)
    .map((target) => ({ document, target, label: `${document.name} to ${target}` })),
);

describe.each(pairs)("$label", ({ document, target }) => {
  it("has one loss list: the header counts it, convert gives it, and strict fails at its first", async () => {
    const gateway = await throughGateway(document, target, false);
    expect(gateway.response.status).toBe(200);
    expect(gateway.losses).not.toEqual([]);
    expect(Number(gateway.response.headers.get("x-interlingua-losses"))).toBe(gateway.losses.length);

    // The upstream's answer item id, and its creation time, have no place in another format's
    // answer (messages and generate-content answers have no creation time); convert has no answer.
    const answerLoss = (loss: Loss) => /^\/(output\/\d+\/id|created(_at)?)$/.test(loss.path);
    const creationTimeLost =
      ["messages", "generate-content"].includes(document.format) &&
      ["responses", "chat-completions"].includes(target);
    expect(gateway.losses.filter(answerLoss)).toEqual([
      ...(creationTimeLost
        ? [
            expect.objectContaining({
              code: "dropped",
              path: target === "responses" ? "/created_at" : "/created",
            }),
          ]
        : []),
      ...(target === "responses"
        ? [
            {
              code: "dropped",
              path: "/output/0/id",
              message: `the upstream answer's id has no place in a ${document.format} answer`,
            },
          ]
        : []),
    ]);
    const converted = await throughConvert(document, target, false);
    expect(converted.code).toBe(0);
    expect(converted.losses).toEqual(gateway.losses.filter((loss) => !answerLoss(loss)));

    const first = gateway.losses[0]!;
    const strict = await throughGateway(document, target, true);
    expect(strict.response.status).toBe(400);
    expect(await strict.response.text()).toContain(first.path);
    const strictConverted = await throughConvert(document, target, true);
    expect(strictConverted.code).toBe(1);
    expect(strictConverted.failure?.param).toBe(first.path);
  });
});
