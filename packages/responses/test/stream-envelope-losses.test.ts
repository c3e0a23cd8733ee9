import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { createConversionContext, transformAll } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { describe, expect, it } from "vitest";
import { responsesCodec } from "../src/responses-codec";

const response = {
  id: "resp_env_1",
  object: "response",
  created_at: 1_760_000_000,
  model: "gpt-test",
  service_tier: "priority",
  temperature: 1,
  tools: [],
  output: [],
  usage: null,
  status: "in_progress",
};
const message = { id: "msg_env_1", type: "message", role: "assistant", status: "completed" };
const text = { type: "output_text", text: "Hi", annotations: [] };

/** A text answer whose response objects carry the answer's service tier beside echoed settings. */
const events = [
  { type: "response.created", sequence_number: 0, response },
  { type: "response.in_progress", sequence_number: 1, response },
  {
    type: "response.output_item.added",
    sequence_number: 2,
    output_index: 0,
    item: { ...message, status: "in_progress", content: [] },
  },
  {
    type: "response.content_part.added",
    sequence_number: 3,
    output_index: 0,
    content_index: 0,
    item_id: "msg_env_1",
    part: { ...text, text: "" },
  },
  {
    type: "response.output_text.delta",
    sequence_number: 4,
    output_index: 0,
    content_index: 0,
    item_id: "msg_env_1",
    delta: "Hi",
  },
  {
    type: "response.output_text.done",
    sequence_number: 5,
    output_index: 0,
    content_index: 0,
    item_id: "msg_env_1",
    text: "Hi",
  },
  {
    type: "response.content_part.done",
    sequence_number: 6,
    output_index: 0,
    content_index: 0,
    item_id: "msg_env_1",
    part: text,
  },
  {
    type: "response.output_item.done",
    sequence_number: 7,
    output_index: 0,
    item: { ...message, content: [text] },
  },
  {
    type: "response.completed",
    sequence_number: 8,
    response: {
      ...response,
      status: "completed",
      output: [{ ...message, content: [text] }],
      usage: { input_tokens: 3, output_tokens: 1, total_tokens: 4 },
    },
  },
];

async function lossPaths(target: typeof responsesCodec | typeof messagesCodec): Promise<string[]> {
  const context = createConversionContext();
  const canonical = await transformAll(structuredClone(events), responsesCodec.createStreamDecoder(context));
  await transformAll(canonical, target.createStreamEncoder(context));
  return context.losses.map((loss) => loss.path);
}

describe("the answer's fields of a responses stream's response objects through another format's stream", () => {
  for (const target of [messagesCodec, generateContentCodec, chatCompletionsCodec]) {
    it(`are reported dropped at the field, and echoed settings are not, through ${target.id}`, async () => {
      const paths = await lossPaths(target as typeof messagesCodec);
      expect(paths).toEqual(expect.arrayContaining(["/0/response/service_tier", "/8/response/service_tier"]));
      expect(paths.filter((path) => /temperature|tools|object/.test(path))).toEqual([]);
    });
  }

  for (const target of [messagesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec]) {
    it(`report the output item's id dropped where the item was announced, once, through ${target.id}`, async () => {
      const paths = await lossPaths(target as typeof messagesCodec);
      expect(paths.filter((path) => /^\/\d+\/item/.test(path))).toEqual(["/2/item/id"]);
    });
  }

  it("are carried, with no loss, back to responses", async () => {
    expect(await lossPaths(responsesCodec)).toEqual([]);
  });
});
