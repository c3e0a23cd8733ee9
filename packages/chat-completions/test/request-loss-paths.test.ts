import { createConversionContext, reportUnmappedRequestFields } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { chatCompletionsCodec } from "../src/chat-completions-codec";

describe("chat-completions requests in other formats", () => {
  const cached = {
    model: "gpt-5",
    messages: [{ role: "user", content: "Hi" }],
    prompt_cache_key: "tenant-7",
    safety_identifier: "user-hash",
  };

  it("carry prompt_cache_key and safety_identifier to responses, which has both, and back", () => {
    const context = createConversionContext();
    const wire = responsesCodec.encodeRequest(
      chatCompletionsCodec.decodeRequest(structuredClone(cached), context),
      context,
    ) as Record<string, unknown>;
    expect(context.losses).toEqual([]);
    expect(wire).toMatchObject({ prompt_cache_key: "tenant-7", safety_identifier: "user-hash" });
    const back = chatCompletionsCodec.encodeRequest(
      responsesCodec.decodeRequest(wire, createConversionContext()),
      createConversionContext(),
    );
    expect(back).toMatchObject({ prompt_cache_key: "tenant-7", safety_identifier: "user-hash" });
  });

  it("report prompt_cache_key and safety_identifier dropped where the caller set them, elsewhere", () => {
    for (const target of [generateContentCodec, messagesCodec]) {
      const context = createConversionContext();
      target.encodeRequest(chatCompletionsCodec.decodeRequest(structuredClone(cached), context), context);
      // (Messages also reports the max_tokens it requires, at no field of the caller's.)
      const placed = context.losses.map((loss) => loss.path).filter((path) => path !== "");
      expect(placed.sort(), target.id).toEqual(["/prompt_cache_key", "/safety_identifier"]);
    }
  });

  it("place a loss of the web search tool in web_search_options, where the caller set it", () => {
    const body = {
      model: "gpt-4o-search-preview",
      messages: [{ role: "user", content: "News?" }],
      tools: [{ type: "function", function: { name: "f" } }],
      web_search_options: {
        search_context_size: "high",
        user_location: { type: "approximate", approximate: { city: "Paris" } },
      },
    };
    for (const target of [generateContentCodec, messagesCodec]) {
      const context = createConversionContext();
      target.encodeRequest(chatCompletionsCodec.decodeRequest(structuredClone(body), context), context);
      const paths = context.losses.map((loss) => loss.path);
      expect(paths, target.id).toContain("/web_search_options/search_context_size");
      expect(
        paths.some((path) => path === "/tools" || path.startsWith("/tools/1")),
        target.id,
      ).toBe(false);
    }
  });

  it("report a message's own fields (an assistant's audio reference, a name) at their place", () => {
    const body = {
      model: "gpt-4o-audio-preview",
      messages: [
        { role: "system", content: "Be brief.", name: "house-rules" },
        { role: "user", content: "Hi" },
        { role: "assistant", audio: { id: "audio_abc" } },
        { role: "user", content: "Again?" },
      ],
    };
    for (const target of [generateContentCodec, messagesCodec, responsesCodec]) {
      const context = createConversionContext();
      const request = chatCompletionsCodec.decodeRequest(structuredClone(body), context);
      reportUnmappedRequestFields(request, chatCompletionsCodec, target.id, context);
      expect(context.losses.map((loss) => loss.path).sort(), target.id).toEqual([
        "/messages/0/name",
        "/messages/2/audio",
      ]);
    }
  });
});

describe("chat-completions instructions and media parts in other formats", () => {
  const request = {
    model: "gpt-4o",
    messages: [
      { role: "system", content: "Be brief." },
      { role: "developer", content: "Cite sources." },
      {
        role: "user",
        content: [
          { type: "image_url", image_url: { url: "https://example.com/cat.png", detail: "high" } },
          {
            type: "file",
            file: { filename: "report.pdf", file_data: "data:application/pdf;base64,JVBERi0xLjQK" },
          },
        ],
      },
    ],
  };

  it("report joined instructions, an image's detail and a document's file name where the caller said them", () => {
    const context = createConversionContext();
    messagesCodec.encodeRequest(
      chatCompletionsCodec.decodeRequest(structuredClone(request), context),
      context,
    );
    const placed = context.losses.map((loss) => loss.path).filter((path) => path !== "");
    expect(placed.sort()).toEqual([
      "/messages/1",
      "/messages/2/content/0/image_url/detail",
      "/messages/2/content/1/file/filename",
    ]);
  });

  it("report every instruction joined into one string, through responses", () => {
    const context = createConversionContext();
    responsesCodec.encodeRequest(
      chatCompletionsCodec.decodeRequest(structuredClone(request), context),
      context,
    );
    const placed = context.losses.map((loss) => loss.path);
    expect(placed).toEqual(expect.arrayContaining(["/messages/0", "/messages/1"]));
  });
});

describe("an empty chat-completions assistant message in other formats", () => {
  it("is reported dropped where the caller sent it, through responses and interactions", () => {
    const request = {
      model: "gpt-4o",
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: null },
        { role: "user", content: "Still there?" },
      ],
    };
    for (const target of [responsesCodec, interactionsCodec]) {
      const context = createConversionContext();
      target.encodeRequest(chatCompletionsCodec.decodeRequest(structuredClone(request), context), context);
      expect(
        context.losses.map((loss) => loss.path),
        target.id,
      ).toContain("/messages/1");
    }
  });
});
