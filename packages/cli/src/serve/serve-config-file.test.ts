import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parseServeConfigFile } from "./serve-config-file";

const providers = {
  gemini: { type: "generate-content", baseURL: "http://127.0.0.1:1", apiKey: "k" },
  openai: { type: "responses", baseURL: "http://127.0.0.1:1", apiKey: "k" },
  claude: { type: "messages", baseURL: "http://127.0.0.1:1", apiKey: "k" },
};
const routes = [{ model: "gpt-*", provider: "openai" }];

const parse = (imageTask: unknown) => () => parseServeConfigFile({ providers, routes, imageTask });

describe("parseServeConfigFile", () => {
  it("without imageTask is the gateway's configuration", () => {
    expect(parseServeConfigFile({ providers, routes })).toEqual({ gateway: { providers, routes } });
  });

  it("keeps the section and the provider it names out of the gateway's configuration", () => {
    const parsed = parseServeConfigFile({
      providers,
      routes,
      imageTask: {
        provider: "gemini",
        model: "gemini-image",
        translateWith: "gpt-4o-mini",
        bannedWords: ["x"],
      },
    });
    expect(parsed.gateway).toEqual({ providers, routes });
    expect(parsed.imageTask).toEqual({
      provider: "gemini",
      model: "gemini-image",
      translateWith: "gpt-4o-mini",
      bannedWords: ["x"],
      providerConfig: providers.gemini,
    });
  });

  it("names the key of every mistake in the section", () => {
    expect(parse({ provider: "gemini" })).toThrow("imageTask.model:");
    expect(parse({ provider: "gemini", model: "m", size: 3 })).toThrow("imageTask.size:");
    expect(parse({ provider: "gemini", model: "m", publicBaseURL: "ftp://x" })).toThrow(
      "imageTask.publicBaseURL:",
    );
    expect(parse({ provider: "gemini", model: "m", concurrency: 0 })).toThrow("imageTask.concurrency:");
    expect(parse("gemini")).toThrow("imageTask:");
  });

  it("refuses a provider that is missing or cannot make images, and an unrouted translateWith", () => {
    expect(parse({ provider: "dall-e", model: "m" })).toThrow(
      "imageTask.provider: no provider named 'dall-e'",
    );
    expect(parse({ provider: "claude", model: "m" })).toThrow(
      "imageTask.provider: provider 'claude' speaks messages, which cannot make images",
    );
    expect(parse({ provider: "gemini", model: "m", translateWith: "claude-3" })).toThrow(
      "imageTask.translateWith: no route matches model 'claude-3'",
    );
  });

  it("still validates the rest as the gateway's configuration", () => {
    expect(() =>
      parseServeConfigFile({ providers, routes: [{ model: "x", provider: "nope" }], imageTask: {} }),
    ).toThrow("routes.0.provider: no provider named 'nope'");
  });

  it("accepts the example in docs/image-task.md", async () => {
    const guide = await readFile(new URL("../../../../docs/image-task.md", import.meta.url), "utf8");
    const section = guide.split("## Serving it with `interlingua serve`")[1] ?? "";
    const example = /```json\n([\s\S]*?)```/.exec(section);
    expect(example).not.toBeNull();
    const parsed = parseServeConfigFile(JSON.parse(example![1]!));
    expect(parsed.imageTask).toMatchObject({ provider: "gemini", translateWith: "gemini-2.5-flash" });
  });
});
