import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { defaultGatewayFormats } from "../gateway/default-gateway-formats";
import { createLazyModule } from "./lazy-module";

const providerOptions = { baseURL: "http://127.0.0.1:9", apiKey: "k" };

describe("formats loaded on first use", () => {
  it("refuse a conversion before they are loaded, naming the format", () => {
    for (const format of defaultGatewayFormats)
      expect(() => format.codec.decodeRequest({}, createConversionContext())).toThrow(
        `The ${format.codec.id} format code was used before it was loaded`,
      );
  });

  it("give providers the id and capabilities of the package's own provider, before and after loading", async () => {
    for (const format of defaultGatewayFormats) {
      const lazy = format.createProvider(providerOptions);
      const module = (await format.load?.()) as Record<string, unknown>;
      const create = Object.entries(module).find(
        ([name, value]) => /^create\w+Provider$/.test(name) && typeof value === "function",
      )?.[1] as (options: object) => { id: string; capabilities: object };
      const real = create(providerOptions);
      expect({ id: lazy.id, capabilities: lazy.capabilities }).toEqual({
        id: real.id,
        capabilities: real.capabilities,
      });
    }
  });

  it("decode and encode as the package's codec once loaded", async () => {
    for (const format of defaultGatewayFormats) {
      const module = (await format.load?.()) as Record<string, unknown>;
      // The package's default codec: `messagesCodec`, `chatCompletionsCodec`, ...
      const name = `${format.codec.id.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}Codec`;
      const real = module[name] as typeof format.codec;
      const request = {
        model: "m",
        messages: [{ role: "user" as const, parts: [{ type: "text" as const, text: "Hi" }] }],
        maxOutputTokens: 16,
      };
      expect(format.codec.encodeRequest(request, createConversionContext())).toEqual(
        real.encodeRequest(request, createConversionContext()),
      );
      expect(format.codec.createStreamEncoderTransformer).toBe(real.createStreamEncoderTransformer);
    }
  });

  it("import once, and again after a failed import", async () => {
    let imports = 0;
    const module = createLazyModule("test", async () => {
      imports += 1;
      if (imports === 1) throw new Error("chunk missing");
      return { value: 7 };
    });
    await expect(module.load()).rejects.toThrow("chunk missing");
    expect(() => module.get()).toThrow("The test code was used before it was loaded");
    expect(await module.load()).toEqual({ value: 7 });
    await module.load();
    expect(imports).toBe(2);
    expect(module.get().value).toBe(7);
  });
});
