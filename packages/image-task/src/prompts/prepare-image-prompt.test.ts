import { describe, expect, it } from "vitest";
import { findBannedWord, prepareImagePrompt } from "./prepare-image-prompt";

describe("prompts", () => {
  it("matches banned words as whole words, case-insensitively, and Chinese words anywhere", () => {
    expect(findBannedWord(["A NUDE body"], ["nude"])).toBe("nude");
    expect(findBannedWord(["a denuded tree"], ["nude"])).toBeUndefined();
    expect(findBannedWord(["画面很血腥"], ["血腥"])).toBe("血腥");
  });

  it("translates only prompts with Chinese in them", async () => {
    const translator = { translate: async () => "Cat" };
    expect(await prepareImagePrompt("a cat", translator)).toEqual({
      prompt: "a cat",
      promptEn: "a cat",
      translation: "not-needed",
    });
    expect(await prepareImagePrompt("猫猫", translator)).toEqual({
      prompt: "猫猫",
      promptEn: "Cat",
      translation: "translated",
    });
    expect(await prepareImagePrompt("猫猫", undefined)).toEqual({
      prompt: "猫猫",
      promptEn: "猫猫",
      translation: "no-translator",
    });
  });
});
