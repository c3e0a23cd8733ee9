import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, createConversionContext } from "@interlingua/core";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

const request = (document: Record<string, unknown>) => ({
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [
    {
      role: "user",
      content: [
        {
          type: "document",
          source: { type: "base64", media_type: "application/pdf", data: "JVBERi0=" },
          ...document,
        },
        { type: "text", text: "Summarise." },
      ],
    },
  ],
});

function lossPaths(target: AnyCodec, wire: unknown): string[] {
  const context = createConversionContext();
  target.encodeRequest(messagesCodec.decodeRequest(wire, context), context);
  return context.losses.map((loss) => loss.path);
}

// Formats whose file inputs have a file name at most.
const targets: AnyCodec[] = [responsesCodec, chatCompletionsCodec];

describe("a messages document's title through a format of plain file inputs", () => {
  for (const target of targets)
    it(`is reported dropped at the document, through ${target.id}`, () => {
      expect(lossPaths(target, request({ title: "Report" }))).toContain("/messages/0/content/0");
      expect(lossPaths(target, request({}))).not.toContain("/messages/0/content/0");
    });
});
