import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { createGenerateContentCodec } from "@interlingua/generate-content";
import { createMessagesCodec } from "@interlingua/messages";
import { createResponsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway, type ModelRuleConfig } from "../src/index";
import { textAnswer } from "./support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "./support/scripted-upstream";

// providers.<name>.modelRules: a deployment's own model names get the rules the operator states,
// checked before the built-in family tables (issue 14). Each upstream decodes with the same rules,
// so it refuses what the deployment's API would.

const responsesRules: ModelRuleConfig[] = [{ model: "ours-chat*", reasoning: false }];
const geminiRules: ModelRuleConfig[] = [
  { model: "ours-gemini-*", thinkingLevels: ["LOW", "HIGH"] },
  { model: "ours-json-*", jsonSchema: true },
];
let responsesUpstream: ScriptedUpstream;
let geminiUpstream: ScriptedUpstream;
let claudeUpstream: ScriptedUpstream;
let server: LocalServer;

beforeAll(async () => {
  responsesUpstream = await createScriptedUpstream(
    createResponsesCodec({
      modelFamilies: [{ name: "ours-chat", pattern: /^ours-chat/, reasoning: false }],
    }),
  );
  geminiUpstream = await createScriptedUpstream(createGenerateContentCodec());
  claudeUpstream = await createScriptedUpstream(
    createMessagesCodec({
      modelFamilies: [{ name: "ours-claude", pattern: /^ours-claude/, oneSamplingSetting: true }],
    }),
  );
  const gateway = createGateway({
    providers: {
      ours: { type: "responses", baseURL: responsesUpstream.url, apiKey: "k", modelRules: responsesRules },
      plain: { type: "responses", baseURL: responsesUpstream.url, apiKey: "k" },
      gemini: { type: "generate-content", baseURL: geminiUpstream.url, apiKey: "k", modelRules: geminiRules },
      "gemini-plain": { type: "generate-content", baseURL: geminiUpstream.url, apiKey: "k" },
      claude: {
        type: "messages",
        baseURL: claudeUpstream.url,
        apiKey: "k",
        modelRules: [{ model: "ours-claude*", oneSamplingSetting: true }],
      },
      "claude-plain": { type: "messages", baseURL: claudeUpstream.url, apiKey: "k" },
    },
    routes: [
      { model: "plain-ours-chat", provider: "plain", upstreamModel: "ours-chat" },
      { model: "ours-chat", provider: "ours" },
      { model: "plain-ours-gemini", provider: "gemini-plain", upstreamModel: "ours-gemini-1" },
      { model: "ours-gemini-1", provider: "gemini" },
      { model: "ours-json-1", provider: "gemini" },
      { model: "plain-ours-claude", provider: "claude-plain", upstreamModel: "ours-claude" },
      { model: "ours-claude", provider: "claude" },
    ],
  });
  server = await serveFetch(gateway.fetch);
});
afterAll(async () => {
  await server.close();
  await responsesUpstream.close();
  await geminiUpstream.close();
  await claudeUpstream.close();
});
beforeEach(() => {
  for (const upstream of [responsesUpstream, geminiUpstream, claudeUpstream]) {
    upstream.calls.length = 0;
    upstream.answer(() => ({ response: textAnswer("ok") }));
  }
});

/** A messages caller asking for thinking and a temperature. */
const ask = (model: string, strict = false) =>
  fetch(`${server.url}/v1/messages`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": "caller",
      "anthropic-version": "2023-06-01",
      ...(strict && { "x-interlingua-strict": "1" }),
    },
    body: JSON.stringify({
      model,
      max_tokens: 8192,
      thinking: { type: "enabled", budget_tokens: 2048 },
      messages: [{ role: "user", content: "hi" }],
    }),
  });

describe("providers.<name>.modelRules over HTTP", () => {
  it("a responses model the operator says does not reason gets no reasoning effort, as a loss", async () => {
    // Without the rule the effort goes up, and the deployment refuses it.
    const plain = await ask("plain-ours-chat");
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain("reasoning");

    const ruled = await ask("ours-chat");
    expect(ruled.status).toBe(200);
    expect(responsesUpstream.calls.at(-1)!.wire.reasoning).toBeUndefined();
    expect(Number(ruled.headers.get("x-interlingua-losses"))).toBeGreaterThan(0);
  });

  it("refuses the adjustment in strict mode, before the upstream is called", async () => {
    const strict = await ask("ours-chat", true);
    expect(strict.status).toBe(400);
    expect(((await strict.json()) as { type: string }).type).toBe("error");
    expect(responsesUpstream.calls).toHaveLength(0);
  });

  it("a generate-content model with its own thinking levels gets the nearest level of its list", async () => {
    const reason = (model: string) =>
      fetch(`${server.url}/v1/responses`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer caller" },
        body: JSON.stringify({ model, input: "hi", reasoning: { effort: "medium" } }),
      });
    const levelOf = (index: number) =>
      (geminiUpstream.calls[index]!.wire.generationConfig as { thinkingConfig?: Record<string, unknown> })
        .thinkingConfig?.thinkingLevel;
    // Without the rule the model is of no known family: a budget, which every thinking model takes.
    expect((await reason("plain-ours-gemini")).status).toBe(200);
    expect(levelOf(0)).toBeUndefined();
    const ruled = await reason("ours-gemini-1");
    expect(ruled.status).toBe(200);
    expect(levelOf(1)).toBe("HIGH");
    expect(Number(ruled.headers.get("x-interlingua-losses"))).toBeGreaterThan(0);
  });

  it("a generate-content model that takes JSON Schema gets the caller's schema unchanged", async () => {
    // A schema the Schema subset says whole: without the rule it goes projected, as `parameters`
    // (one it cannot say goes as parametersJsonSchema to every model).
    const schema = {
      type: "object",
      properties: { city: { type: "string", description: "The city" } },
      required: ["city"],
    };
    const call = (model: string) =>
      fetch(`${server.url}/v1/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-api-key": "caller",
          "anthropic-version": "2023-06-01",
        },
        body: JSON.stringify({
          model,
          max_tokens: 100,
          tools: [{ name: "lookup", description: "Looks up", input_schema: schema }],
          messages: [{ role: "user", content: "hi" }],
        }),
      });
    const declarationOf = (index: number) =>
      (geminiUpstream.calls[index]!.wire.tools as { functionDeclarations: Record<string, unknown>[] }[])[0]!
        .functionDeclarations[0]!;
    expect((await call("ours-json-1")).status).toBe(200);
    expect(declarationOf(0).parametersJsonSchema).toEqual(schema);
    expect(declarationOf(0).parameters).toBeUndefined();
    expect((await call("ours-gemini-1")).status).toBe(200);
    expect(declarationOf(1).parametersJsonSchema).toBeUndefined();
    expect(declarationOf(1).parameters).toMatchObject({
      type: "OBJECT",
      properties: { city: { type: "STRING" } },
    });
  });

  it("a messages model the operator says takes one sampling setting gets temperature alone, as a loss", async () => {
    const sample = (model: string) =>
      fetch(`${server.url}/v1/responses`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer caller" },
        body: JSON.stringify({ model, input: "hi", temperature: 0.5, top_p: 0.9 }),
      });
    // Without the rule both go up, and the deployment refuses them.
    expect((await sample("plain-ours-claude")).status).toBe(400);
    const ruled = await sample("ours-claude");
    expect(ruled.status).toBe(200);
    expect(claudeUpstream.calls.at(-1)!.wire).toMatchObject({ temperature: 0.5 });
    expect(claudeUpstream.calls.at(-1)!.wire.top_p).toBeUndefined();
    expect(Number(ruled.headers.get("x-interlingua-losses"))).toBeGreaterThan(0);
  });

  it("refuses model rules a backend cannot read, naming the key", () => {
    const provider = { baseURL: "http://127.0.0.1:9", apiKey: "k" };
    const build = (entry: Record<string, unknown>) => () =>
      createGateway({ providers: { p: { ...provider, ...entry } as never }, routes: [] });
    expect(build({ type: "messages", modelRules: [{ model: "*", reasoning: true }] })).toThrow(
      /providers\.p\.modelRules\.0\.reasoning: a messages backend's model rule takes no reasoning/,
    );
    expect(build({ type: "messages", modelRules: [{ model: "*" }] })).toThrow(
      /providers\.p\.modelRules\.0\.oneSamplingSetting: required/,
    );
    expect(build({ type: "responses", modelRules: [{ model: "x" }] })).toThrow(
      /providers\.p\.modelRules\.0\.reasoning: required/,
    );
    expect(
      build({ type: "responses", modelRules: [{ model: "x", reasoning: true, thinkingLevels: ["LOW"] }] }),
    ).toThrow(/modelRules\.0\.thinkingLevels: a responses backend's model rule takes no thinkingLevels/);
    expect(build({ type: "generate-content", modelRules: [{ model: "x" }] })).toThrow(
      /modelRules\.0: give thinkingBudget or thinkingLevels \(one of them\), or jsonSchema/,
    );
  });
});
