import type { ChatProvider } from "@interlingua/core";
import { createStorage } from "unstorage";
import { describe, expect, it } from "vitest";
import { gatewayConfigFromEnvironment } from "./gateway-config-from-environment";
import { parseGatewayConfig } from "./gateway-config-schema";

const valid = {
  providers: { anthropic: { type: "messages", baseURL: "https://api.example.com", apiKey: "k" } },
  routes: [{ model: "claude-*", provider: "anthropic" }],
};

describe("parseGatewayConfig", () => {
  it("accepts a valid config and keeps custom providers as given", () => {
    const custom: ChatProvider = {
      id: "mine",
      capabilities: { streaming: false },
      generate: async () => {
        throw new Error("unused");
      },
      stream: async () => {
        throw new Error("unused");
      },
    };
    const config = parseGatewayConfig({ ...valid, providers: { ...valid.providers, mine: custom } });
    expect(config.providers.mine).toBe(custom);
    expect(config.providers.anthropic).toEqual(valid.providers.anthropic);
  });

  it("accepts Redis by URL and an unstorage storage", () => {
    const storage = createStorage();
    const config = parseGatewayConfig({
      ...valid,
      redis: { url: "rediss://user:secret@redis.internal:6380/2", prefix: "eu-1" },
      stores: { storage },
    });
    expect(config.redis).toEqual({ url: "rediss://user:secret@redis.internal:6380/2", prefix: "eu-1" });
    expect(config.stores?.storage).toBe(storage);
  });

  it.each([
    [{ ...valid, frnts: ["messages"] }, /frnts/],
    [{ ...valid, fronts: ["smoke-signals"] }, /fronts\.0/],
    [
      { ...valid, routes: [{ model: "x", provider: "nobody" }] },
      /routes\.0\.provider: no provider named 'nobody'/,
    ],
    [
      { ...valid, providers: { anthropic: { type: "messages", baseURL: "not a url", apiKey: "k" } } },
      /providers\.anthropic\.baseURL/,
    ],
    [
      { ...valid, providers: { anthropic: { type: "fax", baseURL: "https://x.test", apiKey: "k" } } },
      /providers\.anthropic\.type/,
    ],
    [
      { ...valid, providers: { anthropic: { type: "messages", baseURL: "https://x.test" } } },
      /providers\.anthropic\.apiKey/,
    ],
    [{ ...valid, auth: { keys: [] } }, /auth\.keys/],
    [{ ...valid, limits: { maxBodyBytes: -1 } }, /limits\.maxBodyBytes/],
    [{ ...valid, timeouts: { idleMs: 0 } }, /timeouts\.idleMs/],
    [{ ...valid, timeouts: { connectMs: 0 } }, /timeouts\.connectMs/],
    [{ ...valid, timeouts: { dnsMs: 5 } }, /timeouts/],
    [{ ...valid, secret: "short" }, /secret/],
    [{ ...valid, mounts: { "/img": { nope: true } } }, /mounts\.\/img/],
    [{ ...valid, mounts: { img: { fetch: () => new Response() } } }, /mounts\.img/],
    [
      { ...valid, redis: { url: "http://127.0.0.1:6379" } },
      /redis\.url: redis\.url is a redis:\/\/ or rediss:\/\/ URL/,
    ],
    [{ ...valid, redis: { url: "redis://127.0.0.1:6379", prefix: "a:b" } }, /redis\.prefix/],
    [{ ...valid, redis: { host: "127.0.0.1" } }, /redis/],
    [
      { ...valid, stores: { storage: new Map() } },
      /stores\.storage: stores\.storage is an unstorage Storage/,
    ],
  ])("names the bad key: %#", (input, pattern) => {
    expect(() => parseGatewayConfig(input)).toThrow(pattern);
  });
});

describe("gatewayConfigFromEnvironment", () => {
  it("makes a provider and family routes for each key that is set", () => {
    const config = gatewayConfigFromEnvironment({
      ANTHROPIC_API_KEY: "a-key",
      OPENAI_API_KEY: "o-key",
      OPENAI_BASE_URL: "http://127.0.0.1:9000/v1",
      INTERLINGUA_API_KEYS: "one, two",
    });
    expect(config.providers).toEqual({
      anthropic: { type: "messages", baseURL: "https://api.anthropic.com", apiKey: "a-key" },
      openai: { type: "responses", baseURL: "http://127.0.0.1:9000", apiKey: "o-key" },
    });
    expect(config.routes.map((route) => `${route.model}→${route.provider}`)).toContain("claude-*→anthropic");
    expect(config.routes.map((route) => route.provider)).not.toContain("gemini");
    expect(config.auth).toEqual({ keys: ["one", "two"] });
  });

  it("routes gemini models to the generate-content provider with its base URL", () => {
    const config = gatewayConfigFromEnvironment({
      GEMINI_API_KEY: "g",
      GEMINI_BASE_URL: "http://127.0.0.1:1/v1beta",
    });
    expect(config.providers.gemini).toEqual({
      type: "generate-content",
      baseURL: "http://127.0.0.1:1",
      apiKey: "g",
    });
    expect(config.routes[0]).toEqual({ model: "gemini-*", provider: "gemini" });
  });

  it("makes a chat-completions provider for OPENAI_COMPATIBLE_BASE_URL, key and dialect optional, last", () => {
    const config = gatewayConfigFromEnvironment({
      ANTHROPIC_API_KEY: "a-key",
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1",
      OPENAI_COMPATIBLE_DIALECT: "ollama",
      OPENAI_COMPATIBLE_PATH: "/api/chat/completions",
    });
    expect(config.providers["openai-compatible"]).toEqual({
      type: "chat-completions",
      baseURL: "http://127.0.0.1:11434",
      apiKey: "",
      dialect: "ollama",
      path: "/api/chat/completions",
    });
    expect(config.routes.at(-1)).toEqual({ model: "*", provider: "openai-compatible" });
    expect(gatewayConfigFromEnvironment({ OPENAI_COMPATIBLE_API_KEY: "k" }).providers).toEqual({});
  });
});

describe("chat-completions providers in the config", () => {
  const chat = (fields: Record<string, unknown>) => ({
    providers: {
      local: { type: "chat-completions", baseURL: "http://127.0.0.1:8000/v1", apiKey: "", ...fields },
    },
    routes: [{ model: "*", provider: "local" }],
  });

  it("take a dialect and an empty key", () => {
    expect(parseGatewayConfig(chat({ dialect: "vllm" })).providers.local).toMatchObject({
      dialect: "vllm",
      apiKey: "",
    });
  });

  it("take a path (with a query), and refuse one that is not absolute or is on another type", () => {
    const path = "/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21";
    expect(parseGatewayConfig(chat({ path })).providers.local).toMatchObject({ path });
    for (const bad of ["chat/completions", "//evil.example/chat", "/chat completions"])
      expect(() => parseGatewayConfig(chat({ path: bad }))).toThrow(/providers\.local\.path/);
    expect(() =>
      parseGatewayConfig({
        ...valid,
        providers: {
          anthropic: { type: "messages", baseURL: "https://api.example.com", apiKey: "k", path: "/v1/x" },
        },
      }),
    ).toThrow(/path is a chat-completions setting/);
  });

  it("refuse an unknown dialect, a dialect on another type, and an empty key on another type", () => {
    expect(() => parseGatewayConfig(chat({ dialect: "nonesuch" }))).toThrow(/providers\.local\.dialect/);
    const messages = { type: "messages", baseURL: "https://api.example.com" };
    expect(() =>
      parseGatewayConfig({
        ...valid,
        providers: { anthropic: { ...messages, apiKey: "k", dialect: "vllm" } },
      }),
    ).toThrow(/dialect is a chat-completions setting/);
    expect(() =>
      parseGatewayConfig({ ...valid, providers: { anthropic: { ...messages, apiKey: "" } } }),
    ).toThrow(/providers\.anthropic\.apiKey/);
  });
});
