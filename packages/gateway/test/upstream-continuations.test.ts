import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway } from "../src/index";
import { textAnswer } from "./support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "./support/scripted-upstream";

// A responses-format upstream keeps conversations itself, under the gateway's one key: the gateway
// lets only the tenant that received an answer id continue from it (issue 12, item 2).

const aliceKey = "alice-key-0123456789";
const bobKey = "bob-key-9876543210";
let upstream: ScriptedUpstream;
let server: LocalServer;

beforeAll(async () => {
  upstream = await createScriptedUpstream(responsesCodec);
  const gateway = createGateway({
    auth: { keys: [aliceKey, bobKey] },
    providers: {
      openai: { type: "responses", baseURL: upstream.url, apiKey: "upstream-key-abcdef" },
      "openai-streamed": {
        type: "responses",
        baseURL: upstream.url,
        apiKey: "upstream-key-abcdef",
        streamUpstream: true,
      },
    },
    routes: [
      { model: "gpt-5", provider: "openai" },
      // Not passed through: the upstream is called streaming, through the canonical pipeline.
      { model: "gpt-5-streamed", provider: "openai-streamed", upstreamModel: "gpt-5" },
    ],
  });
  server = await serveFetch(gateway.fetch);
});
afterAll(async () => {
  await server.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.calls.length = 0;
  upstream.answer(() => ({ response: textAnswer("ok", `resp_upstream_${upstream.calls.length}`) }));
});

const respond = (key: string, body: Record<string, unknown>) =>
  fetch(`${server.url}/v1/responses`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: "gpt-5", input: "hi", ...body }),
  });

const streamedId = async (response: Response) => {
  const created = (await response.text()).split("\n").find((line) => line.includes('"response.created"'));
  return (JSON.parse(created!.slice("data: ".length)) as { response: { id: string } }).response.id;
};

describe("previous_response_id through a responses upstream", () => {
  it("lets the tenant that got an answer continue from it, whole or streamed", async () => {
    const first = (await (await respond(aliceKey, {})).json()) as { id: string };
    expect((await respond(aliceKey, { previous_response_id: first.id })).status).toBe(200);
    const streamed = await streamedId(await respond(aliceKey, { stream: true }));
    expect((await respond(aliceKey, { previous_response_id: streamed })).status).toBe(200);
    expect(upstream.calls.at(-1)!.wire.previous_response_id).toBe(streamed);
  });

  it("answers another tenant's id, and an id it never handed out, as not found, without calling upstream", async () => {
    const alices = (await (await respond(aliceKey, {})).json()) as { id: string };
    const calls = upstream.calls.length;
    for (const id of [alices.id, "resp_upstream_999"]) {
      const answer = await respond(bobKey, { previous_response_id: id });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({
        error: {
          type: "invalid_request_error",
          param: "previous_response_id",
          code: "previous_response_not_found",
        },
      });
    }
    expect(upstream.calls.length).toBe(calls);
  });

  it("scopes ids the same way when the exchange goes through the canonical pipeline", async () => {
    const first = (await (await respond(aliceKey, { model: "gpt-5-streamed" })).json()) as { id: string };
    expect((await respond(bobKey, { model: "gpt-5-streamed", previous_response_id: first.id })).status).toBe(
      404,
    );
    expect(
      (await respond(aliceKey, { model: "gpt-5-streamed", previous_response_id: first.id })).status,
    ).toBe(200);
  });
});
