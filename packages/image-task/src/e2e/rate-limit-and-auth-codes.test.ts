import { describe, expect, it } from "vitest";
import { createGatedImageProvider } from "./gated-image-provider";
import { readOnlyKey, startImageTaskService, testKey } from "./start-image-task-service";

describe("rate limits and auth failures, as relays must read them", () => {
  it("answers 429 with Retry-After once a caller is over its limit; other callers are not held back", async () => {
    const service = await startImageTaskService({
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant", concurrency: 10 }],
      rateLimit: { requestsPerMinute: 3 },
    });
    const answers = [];
    for (let index = 0; index < 4; index++)
      answers.push(await service.call("POST", "/mj/submit/imagine", { prompt: `p${index}` }));
    expect(answers.slice(0, 3).map((answer) => answer.json.code)).toEqual([1, 1, 1]);
    expect(answers[3]).toMatchObject({ status: 429, json: { code: 23, result: null } });
    const limited = await fetch(`${service.url}/mj/task/list`, { headers: { "mj-api-secret": testKey } });
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const other = await service.call("GET", "/mj/task/list", undefined, { "mj-api-secret": readOnlyKey });
    expect(other.status).toBe(200);
    await service.service.idle();
    await service.close();
  });

  it("auth failures answer code 26, never 21 (relays count 21 as 'task already exists', a success)", async () => {
    const service = await startImageTaskService({
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
    });
    const missing = await service.call("POST", "/mj/submit/imagine", { prompt: "x" }, {});
    const wrong = await service.call(
      "POST",
      "/mj/submit/imagine",
      { prompt: "x" },
      { "mj-api-secret": "nope" },
    );
    const readOnly = await service.call(
      "POST",
      "/mj/submit/imagine",
      { prompt: "x" },
      { "mj-api-secret": readOnlyKey },
    );
    expect([missing, wrong, readOnly].map((answer) => [answer.status, answer.json.code])).toEqual([
      [401, 26],
      [401, 26],
      [403, 26],
    ]);
    await service.close();
  });
});
