import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { messagesCodec } from "@interlingua/messages";
import OpenAI, { NotFoundError } from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway } from "../src/index";
import { reasoningAnswer, textAnswer } from "./support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "./support/scripted-upstream";

const aliceKey = "alice-key-0123456789";
const bobKey = "bob-key-9876543210";
const unknownId = "resp_00000000000000000000000000000000";
let upstream: ScriptedUpstream;
let server: LocalServer;

beforeAll(async () => {
  upstream = await createScriptedUpstream(messagesCodec);
  const gateway = createGateway({
    auth: { keys: [aliceKey, bobKey] },
    providers: { anthropic: { type: "messages", baseURL: upstream.url, apiKey: "upstream-key-abcdef" } },
    routes: [{ model: "claude-*", provider: "anthropic" }],
  });
  server = await serveFetch(gateway.fetch);
});
afterAll(async () => {
  await server.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.answer(() => ({ response: textAnswer("The answer is 42.", "msg_upstream_1") }));
});

const client = (key: string) => new OpenAI({ baseURL: `${server.url}/v1`, apiKey: key, maxRetries: 0 });

function withoutIds(items: readonly { id?: string }[]): unknown[] {
  return items.map(({ id: _id, ...item }) => item);
}

/** The status and body of a call the SDK rejects, with the id it names replaced. */
async function refusal(call: Promise<unknown>, id: string): Promise<{ status: unknown; error: unknown }> {
  const error = await call.then(
    () => expect.unreachable("the call succeeded"),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(NotFoundError);
  const { status, error: body } = error as NotFoundError;
  return { status, error: JSON.parse(JSON.stringify(body).replaceAll(id, "ID")) };
}

describe("GET and DELETE /v1/responses/{id} through the openai SDK", () => {
  it("retrieves a stored response as it was answered, whole or streamed, with the request's instructions", async () => {
    const alice = client(aliceKey);
    const created = await alice.responses.create({
      model: "claude-x",
      input: "What is the answer?",
      instructions: "Be brief.",
    });
    const retrieved = await alice.responses.retrieve(created.id);
    expect(retrieved).toMatchObject({
      id: created.id,
      object: "response",
      status: "completed",
      model: created.model,
      created_at: created.created_at,
      instructions: "Be brief.",
      usage: created.usage,
    });
    // Item ids are minted anew for each encoding (the store keeps the canonical answer).
    expect(withoutIds(retrieved.output)).toEqual(withoutIds(created.output));
    expect(retrieved.output_text).toBe("The answer is 42.");

    const stream = await alice.responses.create({
      model: "claude-x",
      input: "Again?",
      previous_response_id: created.id,
      stream: true,
    });
    let streamedId = "";
    for await (const event of stream) if (event.type === "response.completed") streamedId = event.response.id;
    const continued = await alice.responses.retrieve(streamedId);
    expect(continued).toMatchObject({ id: streamedId, previous_response_id: created.id });
    expect(continued.output_text).toBe("The answer is 42.");
  });

  it("keeps reasoning state sealed for the caller, so a retrieved output continues a conversation", async () => {
    upstream.answer(() => ({ response: reasoningAnswer("messages", "sig-abc") }));
    const alice = client(aliceKey);
    const created = await alice.responses.create({ model: "claude-x", input: "Think." });
    const retrieved = await alice.responses.retrieve(created.id);
    const reasoning = retrieved.output.find((item) => item.type === "reasoning");
    expect(reasoning?.encrypted_content).toEqual(expect.any(String));
    expect(reasoning?.encrypted_content).not.toContain("sig-abc");
    upstream.answer(() => ({ response: textAnswer("Done.") }));
    const next = await alice.responses.create({ model: "claude-x", input: retrieved.output as never });
    expect(next.output_text).toBe("Done.");
    const thinking = upstream.calls.at(-1)!.wire.messages as {
      content: { type: string; signature?: string }[];
    }[];
    expect(thinking[0]!.content).toContainEqual(
      expect.objectContaining({ type: "thinking", signature: "sig-abc" }),
    );
  });

  it("deletes a stored response: the official delete answer, then 404 for every later call", async () => {
    const alice = client(aliceKey);
    const created = await alice.responses.create({ model: "claude-x", input: "Forget me." });
    const raw = await fetch(`${server.url}/v1/responses/${created.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${aliceKey}` },
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({ id: created.id, object: "response", deleted: true });
    await expect(alice.responses.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(alice.responses.delete(created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      alice.responses.create({ model: "claude-x", input: "x", previous_response_id: created.id }),
    ).rejects.toBeInstanceOf(NotFoundError);

    const again = await alice.responses.create({ model: "claude-x", input: "Forget me too." });
    await expect(alice.responses.delete(again.id)).resolves.toEqual({
      id: again.id,
      object: "response",
      deleted: true,
    });
  });

  it("answers another key's id exactly as an unknown one, and leaves it in place", async () => {
    const alice = client(aliceKey);
    const bob = client(bobKey);
    const created = await alice.responses.create({ model: "claude-x", input: "My PIN is 4921." });
    const unknown = await refusal(bob.responses.retrieve(unknownId), unknownId);
    expect(unknown).toEqual({
      status: 404,
      error: {
        message: "Response with id 'ID' not found.",
        type: "invalid_request_error",
        param: null,
        code: "not_found",
      },
    });
    expect(await refusal(bob.responses.retrieve(created.id), created.id)).toEqual(unknown);
    expect(await refusal(bob.responses.delete(created.id), created.id)).toEqual(
      await refusal(bob.responses.delete(unknownId), unknownId),
    );
    expect((await alice.responses.retrieve(created.id)).id).toBe(created.id);
  });

  it("refuses a bad key, other methods and unreadable ids in the responses shape", async () => {
    const created = await client(aliceKey).responses.create({ model: "claude-x", input: "hi" });
    await expect(client("wrong-key").responses.retrieve(created.id)).rejects.toMatchObject({ status: 401 });
    const post = await fetch(`${server.url}/v1/responses/${created.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${aliceKey}` },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, DELETE");
    expect(await post.json()).toMatchObject({
      error: { type: expect.any(String), code: "method_not_allowed" },
    });
    const unreadable = await fetch(`${server.url}/v1/responses/%ZZ`, {
      headers: { authorization: `Bearer ${aliceKey}` },
    });
    expect(unreadable.status).toBe(400);
    expect(await unreadable.json()).toMatchObject({ error: { param: "response_id" } });
    const streamed = await fetch(`${server.url}/v1/responses/${created.id}?stream=true`, {
      headers: { authorization: `Bearer ${aliceKey}` },
    });
    expect(streamed.status).toBe(400);
    expect(await streamed.json()).toMatchObject({ error: { param: "stream" } });
  });
});
