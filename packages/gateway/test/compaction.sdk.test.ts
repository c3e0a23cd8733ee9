import { createConversionContext } from "@interlingua/core";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { messagesCodec } from "@interlingua/messages";
import { encodeResponsesResponse } from "@interlingua/responses";
import OpenAI, { BadRequestError, NotFoundError } from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway } from "../src/index";
import { reasoningAnswer, textAnswer } from "./support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "./support/scripted-upstream";
import { sealedEnvelopesIn } from "./support/sealed-envelopes";

const key = "compact-key";
const otherKey = "other-compact-key";
const upstreamKey = "sk-upstream-compact-0123456789";
let upstream: LocalServer;
let claude: ScriptedUpstream;
let server: LocalServer;
let seen: { url: string; headers: Headers; body: Record<string, unknown> }[] = [];
let mode: "compact" | "not-a-compaction" | "html" | "refuse-key" | "refuse-input" = "compact";

function upstreamError(status: number, message: string, param: string | null = null): Response {
  return Response.json({ error: { message, type: "invalid_request_error", param, code: null } }, { status });
}

/** A responses upstream's `/v1/responses/compact` (and a one-answer `/v1/responses`), refusing what the real one refuses. */
async function compactUpstream(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== "POST" || !["/v1/responses/compact", "/v1/responses"].includes(url.pathname))
    return upstreamError(404, "no route");
  if (mode === "refuse-key" || request.headers.get("authorization") !== `Bearer ${upstreamKey}`)
    return upstreamError(401, "Incorrect API key provided.");
  const body = (await request.json()) as Record<string, unknown>;
  seen.push({ url: url.pathname, headers: request.headers, body });
  if (url.pathname === "/v1/responses")
    return Response.json(
      encodeResponsesResponse(textAnswer("Hi.", "resp_upstream_own"), createConversionContext()),
    );
  if (typeof body.model !== "string")
    return upstreamError(400, "Missing required parameter: 'model'.", "model");
  if (mode === "refuse-input") return upstreamError(400, `Input too long for key ${upstreamKey}.`, "input");
  if (mode === "html") return new Response("<html>bad gateway</html>", { status: 502 });
  if (mode === "not-a-compaction") return Response.json({ id: "resp_1", object: "response", output: [] });
  return Response.json({
    id: "resp_cmp_1",
    object: "response.compaction",
    created_at: 1731459200,
    output: [
      { type: "message", role: "user", content: [{ type: "input_text", text: "Summarize." }] },
      { type: "compaction", id: "cmp_001", encrypted_content: `summary-for-${body.model}` },
    ],
    usage: { input_tokens: 42, output_tokens: 12, total_tokens: 54 },
  });
}

beforeAll(async () => {
  upstream = await serveFetch(compactUpstream);
  claude = await createScriptedUpstream(messagesCodec);
  claude.answer(() => ({ response: reasoningAnswer("messages", "sig-abc") }));
  const gateway = createGateway({
    auth: { keys: [key, otherKey] },
    providers: {
      openai: { type: "responses", baseURL: upstream.url, apiKey: upstreamKey },
      anthropic: { type: "messages", baseURL: claude.url, apiKey: "a" },
    },
    routes: [
      { model: "codex-house", provider: "openai", upstreamModel: "gpt-5-codex" },
      { model: "gpt-*", provider: "openai" },
      { model: "claude-*", provider: "anthropic" },
    ],
  });
  server = await serveFetch(gateway.fetch);
});
afterAll(async () => {
  await server.close();
  await upstream.close();
  await claude.close();
});
beforeEach(() => {
  seen = [];
  mode = "compact";
});

const client = () => new OpenAI({ baseURL: `${server.url}/v1`, apiKey: key, maxRetries: 0 });
const input = [{ role: "user" as const, content: "Our launch checklist: ..." }];

describe("POST /v1/responses/compact", () => {
  it("forwards to a responses backend, model renamed, and answers its compaction as it came", async () => {
    const compacted = await client().responses.compact(
      { model: "codex-house", input, instructions: "Keep decisions." },
      { headers: { "openai-beta": "responses=v1" } },
    );
    expect(compacted).toMatchObject({
      id: "resp_cmp_1",
      object: "response.compaction",
      output: [{ type: "message" }, { type: "compaction", encrypted_content: "summary-for-gpt-5-codex" }],
      usage: { total_tokens: 54 },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toEqual({ model: "gpt-5-codex", input, instructions: "Keep decisions." });
    expect(seen[0]!.headers.get("openai-beta")).toBe("responses=v1");
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${upstreamKey}`);
  });

  it("refuses a model served by another format with a 400 naming model and the need for a responses backend", async () => {
    const error = await client()
      .responses.compact({ model: "claude-sonnet-4", input })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, param: "model", code: "compaction_unsupported" });
    expect((error as Error).message).toContain("responses format");
    expect(seen).toHaveLength(0);
  });

  it("refuses unknown and missing models and bad bodies in the responses shape, without calling upstream", async () => {
    await expect(client().responses.compact({ model: "llama-3", input })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(client().responses.compact({ input } as never)).rejects.toMatchObject({
      status: 400,
      param: "model",
    });
    for (const body of ["{not json", "[1]"]) {
      const response = await fetch(`${server.url}/v1/responses/compact`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    }
    await expect(
      new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "wrong", maxRetries: 0 }).responses.compact({
        model: "gpt-5",
        input,
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(0);
  });

  it("never answers an upstream failure as a success, nor passes on the upstream refusing the gateway's key as the caller's", async () => {
    mode = "refuse-input";
    const refused = await client()
      .responses.compact({ model: "gpt-5", input })
      .catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect(refused).toMatchObject({ status: 400, param: "input" });
    expect((refused as Error).message).not.toContain(upstreamKey);
    mode = "not-a-compaction";
    await expect(client().responses.compact({ model: "gpt-5", input })).rejects.toMatchObject({
      status: 502,
      code: "upstream_bad_response",
    });
    mode = "html";
    await expect(client().responses.compact({ model: "gpt-5", input })).rejects.toMatchObject({
      status: 502,
    });
    mode = "refuse-key";
    await expect(client().responses.compact({ model: "gpt-5", input })).rejects.toMatchObject({
      status: 502,
      code: "upstream_authentication_failed",
    });
  });

  it("opens state the gateway sealed into the input: another backend's is dropped and counted, strict mode refuses", async () => {
    const turn = await client().responses.create({ model: "claude-x", input: "Think." });
    const sealed = JSON.stringify(turn.output);
    expect(sealedEnvelopesIn(sealed)).not.toEqual([]);
    const history = [{ role: "user" as const, content: "Think." }, ...turn.output];
    const { data, response } = await client()
      .responses.compact({ model: "gpt-5", input: history as never })
      .withResponse();
    expect(data.object).toBe("response.compaction");
    expect(response.headers.get("x-interlingua-losses")).toBe("1");
    const sent = JSON.stringify(seen[0]!.body.input);
    expect(sealedEnvelopesIn(sent)).toEqual([]);
    expect(sent).not.toContain("sig-abc");
    expect(sent).toContain("Forty-two.");
    const reasoning = (seen[0]!.body.input as { type?: string }[]).find((item) => item.type === "reasoning");
    expect(reasoning).toMatchObject({ content: [{ type: "reasoning_text", text: "Thinking it over." }] });
    expect(reasoning).not.toHaveProperty("encrypted_content");

    await expect(
      client().responses.compact(
        { model: "gpt-5", input: history as never },
        { headers: { "x-interlingua-strict": "1" } },
      ),
    ).rejects.toMatchObject({ status: 400 });
    const forged = sealed.replace(/aWwyc2ln([^"]{8})/, "aWwyc2lnAAAAAAAA");
    await expect(
      client().responses.compact({ model: "gpt-5", input: [...JSON.parse(forged)] }),
    ).rejects.toMatchObject({ status: 400 });
    expect(seen).toHaveLength(1);
  });

  it("fills in a conversation the gateway keeps for another backend; passes on the upstream's own ids only for the tenant that got them", async () => {
    const turn = await client().responses.create({ model: "claude-x", input: "Think." });
    await client().responses.compact({ model: "gpt-5", input: "And now?", previous_response_id: turn.id });
    const sent = seen[0]!.body;
    expect(sent).not.toHaveProperty("previous_response_id");
    const texts = JSON.stringify(sent.input);
    expect(texts.indexOf("Think.")).toBeGreaterThanOrEqual(0);
    expect(texts.indexOf("Forty-two.")).toBeGreaterThan(texts.indexOf("Think."));
    expect(texts.indexOf("And now?")).toBeGreaterThan(texts.indexOf("Forty-two."));

    const own = await client().responses.create({ model: "gpt-5", input: "Hello." });
    expect(own.id).toBe("resp_upstream_own");
    await client().responses.compact({ model: "gpt-5", input: "x", previous_response_id: own.id });
    expect(seen.at(-1)!.body).toEqual({ model: "gpt-5", input: "x", previous_response_id: own.id });

    const callsBefore = seen.length;
    const other = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: otherKey, maxRetries: 0 });
    for (const id of [own.id, "resp_never_issued"])
      await expect(
        other.responses.compact({ model: "gpt-5", input: "x", previous_response_id: id }),
      ).rejects.toMatchObject({
        status: 404,
        param: "previous_response_id",
        code: "previous_response_not_found",
      });
    expect(seen).toHaveLength(callsBefore);
  });
});
