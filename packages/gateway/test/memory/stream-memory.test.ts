import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { type ChatEvent, type ChatProvider, readableFrom } from "@interlingua/core";
import { expect, it } from "vitest";
import { createGateway } from "../../src/index";
import { longStreamEvents } from "../support/scenario-answers";

// Issue 12: 10,000 streams through one gateway must not grow its heap. Measured after a full GC
// on both sides of the run, after a warm-up that fills the caches a process keeps for good.

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const heapAfterGc = async () => {
  for (let round = 0; round < 3; round++) {
    collectGarbage();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
};

const events: ChatEvent[] = longStreamEvents(20);
const upstream: ChatProvider = {
  id: "in-process",
  capabilities: { streaming: true },
  generate: () => Promise.reject(new Error("this test only streams")),
  stream: async () => readableFrom(events),
};

const key = "memory-test-key-0123456789";
const gateway = createGateway({
  auth: { keys: [key] },
  providers: { local: upstream },
  routes: [{ model: "*", provider: "local" }],
});

const messagesStream = () =>
  new Request("http://gateway.test/v1/messages", {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
    body: JSON.stringify({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      stream: true,
      messages: [{ role: "user", content: "Count." }],
    }),
  });
const responsesStream = () =>
  new Request("http://gateway.test/v1/responses", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: "gpt-5", input: "Count.", stream: true, store: false }),
  });

async function run(streams: number, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < streams) {
      const index = next++;
      const answer = await gateway.fetch(index % 2 === 0 ? messagesStream() : responsesStream());
      const text = await answer.text();
      if (answer.status !== 200 || !/message_stop|response\.completed/.test(text))
        throw new Error(`stream ${index} failed: ${answer.status} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

it("serves 10,000 streams with under 10 MB of heap growth after GC", { timeout: 120_000 }, async () => {
  await run(500, 50);
  const before = await heapAfterGc();
  await run(10_000, 100);
  const growth = (await heapAfterGc()) - before;
  expect(growth).toBeLessThan(10 * 1024 * 1024);
});
