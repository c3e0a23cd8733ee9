import { afterEach, describe, expect, it, vi } from "vitest";
import { createGateway } from "./create-gateway";

afterEach(() => vi.restoreAllMocks());

describe("createGateway at module scope", () => {
  it("draws no random values, starts no timers and reads no process.env (Workers forbid them there)", async () => {
    const random = vi.spyOn(globalThis.crypto, "getRandomValues");
    const uuid = vi.spyOn(globalThis.crypto, "randomUUID");
    const timeout = vi.spyOn(globalThis, "setTimeout");
    const interval = vi.spyOn(globalThis, "setInterval");
    const read: PropertyKey[] = [];
    const environment = process.env;
    process.env = new Proxy(environment, {
      get: (target, name) => {
        read.push(name);
        return Reflect.get(target, name);
      },
    });
    try {
      createGateway({
        auth: { keys: ["caller-key"] },
        providers: { upstream: { type: "messages", baseURL: "http://127.0.0.1:9", apiKey: "upstream-key" } },
        routes: [{ model: "*", provider: "upstream" }],
      });
    } finally {
      process.env = environment;
    }
    expect(random).not.toHaveBeenCalled();
    expect(uuid).not.toHaveBeenCalled();
    expect(timeout).not.toHaveBeenCalled();
    expect(interval).not.toHaveBeenCalled();
    expect(read).toEqual([]);
  });
});
