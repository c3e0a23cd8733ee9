import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway, type Gateway } from "../../src/index";
import { reasoningAnswer, textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";
import { sealedEnvelopesIn, sealedFormatsIn } from "../support/sealed-envelopes";

const callerKey = "sealed-caller-key";
let messagesUpstream: ScriptedUpstream;
let responsesUpstream: ScriptedUpstream;
let gateway: Gateway;

beforeAll(async () => {
  messagesUpstream = await createScriptedUpstream(messagesCodec);
  responsesUpstream = await createScriptedUpstream(responsesCodec);
  gateway = createGateway({
    auth: { keys: [callerKey] },
    secret: "sealed-state-test-secret-0123",
    providers: {
      anthropic: { type: "messages", baseURL: messagesUpstream.url, apiKey: "upstream-messages-key" },
      openai: { type: "responses", baseURL: responsesUpstream.url, apiKey: "upstream-responses-key" },
    },
    routes: [
      { model: "claude-x", provider: "anthropic" },
      { model: "gpt-x", provider: "openai" },
    ],
  });
});
afterAll(async () => {
  await messagesUpstream.close();
  await responsesUpstream.close();
});
beforeEach(() => {
  messagesUpstream.calls.length = 0;
  responsesUpstream.calls.length = 0;
  messagesUpstream.answer(() => ({ response: reasoningAnswer("messages", "native-messages-signature") }));
  responsesUpstream.answer(() => ({ response: textAnswer("from responses") }));
});

/** A responses request whose raw JSON writes the `a` of every sealed envelope (`"aWwyc2ln…`) as `\u0061`. */
function escapedRequest(body: unknown): Request {
  return new Request("http://gateway.test/v1/responses", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${callerKey}` },
    body: JSON.stringify(body).replaceAll('"aWwyc2ln', '"\\u0061Wwyc2ln'),
  });
}

async function sealedOutput(): Promise<Record<string, unknown>[]> {
  const response = await gateway.fetch(
    new Request("http://gateway.test/v1/responses", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${callerKey}` },
      body: JSON.stringify({ model: "claude-x", input: "Think.", include: ["reasoning.encrypted_content"] }),
    }),
  );
  const { output } = (await response.json()) as { output: Record<string, unknown>[] };
  expect(output.find((item) => item.type === "reasoning")?.encrypted_content).toMatch(/^aWwyc2ln/);
  expect(sealedFormatsIn(JSON.stringify(output))).toEqual(["messages"]);
  return output;
}

describe("sealed state sent to a same-format backend, spelled with JSON escapes", () => {
  it("is refused when tampered with, and never forwarded", async () => {
    const output = await sealedOutput();
    const tampered = output.map((item) =>
      item.type === "reasoning"
        ? { ...item, encrypted_content: `${String(item.encrypted_content).slice(0, -2)}AA` }
        : item,
    );
    const response = await gateway.fetch(
      escapedRequest({ model: "gpt-x", input: [...tampered, { role: "user", content: "Go on." }] }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_opaque_state" } });
    expect(responsesUpstream.calls).toHaveLength(0);
  });

  it("is opened (and, made by another format, dropped) instead of being passed through as it came", async () => {
    const output = await sealedOutput();
    const response = await gateway.fetch(
      escapedRequest({ model: "gpt-x", input: [...output, { role: "user", content: "Go on." }] }),
    );
    expect(response.status).toBe(200);
    expect(responsesUpstream.calls).toHaveLength(1);
    expect(sealedEnvelopesIn(JSON.stringify(responsesUpstream.calls[0]!.wire))).toEqual([]);
  });
});
