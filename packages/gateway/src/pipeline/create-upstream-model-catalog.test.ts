import { describe, expect, it } from "vitest";
import type { GatewayFormat } from "../formats/gateway-format";
import { messagesGatewayFormat } from "../formats/messages-gateway-format";
import { createUpstreamModelCatalog } from "./create-upstream-model-catalog";
import type { ProviderTarget } from "./gateway-runtime";

/** A target whose upstream listing answers from `answers` in turn (an Error is a failed listing), counting calls. */
function scriptedTarget(answers: (string[] | Error)[]) {
  const state = { calls: 0 };
  const format: GatewayFormat = {
    ...messagesGatewayFormat,
    models: {
      ...messagesGatewayFormat.models,
      async listUpstream() {
        const answer = answers[Math.min(state.calls++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer ?? [];
      },
    },
  };
  const target: ProviderTarget = {
    name: "scripted",
    provider: format.createProvider({ baseURL: "http://127.0.0.1:9", apiKey: "k" }),
    streamUpstream: false,
    direct: { format, options: { baseURL: "http://127.0.0.1:9", apiKey: "k" } },
  };
  return { target, state };
}

describe("createUpstreamModelCatalog", () => {
  it("reuses a listing for its time to live, shares one in flight, then asks again", async () => {
    let time = 0;
    const catalog = createUpstreamModelCatalog({ ttlMs: 1000, now: () => time });
    const { target, state } = scriptedTarget([["a"], ["a", "b"]]);
    const [first, second] = await Promise.all([catalog.list(target), catalog.list(target)]);
    expect(first).toEqual(["a"]);
    expect(second).toEqual(["a"]);
    time = 999;
    expect(await catalog.list(target)).toEqual(["a"]);
    expect(state.calls).toBe(1);
    time = 1000;
    expect(await catalog.list(target)).toEqual(["a", "b"]);
    expect(state.calls).toBe(2);
  });

  it("answers a failed listing as empty, remembered for the shorter failure time", async () => {
    let time = 0;
    const catalog = createUpstreamModelCatalog({ ttlMs: 10_000, failureTtlMs: 100, now: () => time });
    const { target, state } = scriptedTarget([new Error("down"), ["back"]]);
    expect(await catalog.list(target)).toEqual([]);
    time = 99;
    expect(await catalog.list(target)).toEqual([]);
    expect(state.calls).toBe(1);
    time = 100;
    expect(await catalog.list(target)).toEqual(["back"]);
    time = 9_000;
    expect(await catalog.list(target)).toEqual(["back"]);
    expect(state.calls).toBe(2);
  });

  it("lists nothing for a provider given as an object, which it cannot ask", async () => {
    const { target } = scriptedTarget([["a"]]);
    const { direct: _direct, ...bare } = target;
    expect(await createUpstreamModelCatalog().list(bare)).toEqual([]);
  });

  it("gives up on a listing that takes longer than its timeout, answering it as empty", async () => {
    const { target } = scriptedTarget([]);
    const hanging: ProviderTarget = {
      ...target,
      direct: {
        ...target.direct!,
        format: {
          ...target.direct!.format,
          models: {
            ...target.direct!.format.models,
            listUpstream: (_options, signal) =>
              new Promise((_resolve, reject) =>
                signal.addEventListener("abort", () => reject(signal.reason)),
              ),
          },
        },
      },
    };
    const started = Date.now();
    expect(await createUpstreamModelCatalog({ timeoutMs: 50 }).list(hanging)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
