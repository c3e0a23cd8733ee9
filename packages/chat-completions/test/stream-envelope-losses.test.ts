import { createConversionContext, transformAll } from "@interlingua/core";
import { messagesCodec } from "@interlingua/messages";
import { describe, expect, it } from "vitest";
import { chatCompletionsCodec } from "../src/chat-completions-codec";

const head = {
  id: "chatcmpl-env",
  object: "chat.completion.chunk",
  created: 1_760_000_000,
  model: "gpt-test",
};

/** A stream whose chunks carry what only chat-completions says: fingerprint, tier, usage details. */
const chunks = [
  {
    ...head,
    system_fingerprint: "fp_env",
    service_tier: "default",
    choices: [{ index: 0, delta: { role: "assistant", content: "Hi" }, finish_reason: null }],
  },
  { ...head, system_fingerprint: "fp_env", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  {
    ...head,
    choices: [],
    usage: {
      prompt_tokens: 3,
      completion_tokens: 1,
      total_tokens: 4,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    },
  },
];

async function lossPaths(target: typeof chatCompletionsCodec | typeof messagesCodec): Promise<string[]> {
  const context = createConversionContext();
  const canonical = await transformAll(
    structuredClone(chunks),
    chatCompletionsCodec.createStreamDecoder(context),
  );
  await transformAll(canonical, target.createStreamEncoder(context));
  return context.losses.map((loss) => loss.path);
}

describe("fields of chat-completions stream chunks through another format's stream", () => {
  it("are reported dropped where the stream said them, through messages", async () => {
    expect(await lossPaths(messagesCodec)).toEqual(
      expect.arrayContaining(["/0/system_fingerprint", "/0/service_tier", "/2/usage/prompt_tokens_details"]),
    );
  });

  it("are carried, with no loss, back to chat-completions", async () => {
    expect(await lossPaths(chatCompletionsCodec)).toEqual([]);
  });
});

describe("pieces of a chat-completions stream another format's stream cannot carry", () => {
  const through = async (events: unknown[]) => {
    const context = createConversionContext();
    const canonical = await transformAll(events, chatCompletionsCodec.createStreamDecoder(context));
    await transformAll(canonical, messagesCodec.createStreamEncoder(context));
    return context.losses.map((loss) => loss.path);
  };

  it("a second choice, spoken audio and a server's own finishing fields are reported where they came", async () => {
    const paths = await through([
      {
        ...head,
        choices: [
          {
            index: 0,
            delta: { role: "assistant", audio: { id: "audio_1", data: "AAAA" } },
            finish_reason: null,
          },
          { index: 1, delta: { role: "assistant", content: "Other" }, finish_reason: null },
        ],
      },
      {
        ...head,
        choices: [{ index: 0, delta: {}, finish_reason: "stop", native_finish_reason: "end_turn" }],
      },
      { ...head, choices: [{ index: 1, delta: {}, finish_reason: "stop" }] },
    ]);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/0/choices/0/delta/audio",
        "/0/choices/1",
        "/1/choices/0/native_finish_reason",
      ]),
    );
    expect(paths).not.toContain("");
  });
});
