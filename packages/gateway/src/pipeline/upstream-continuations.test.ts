import { createStorage } from "unstorage";
import { describe, expect, it } from "vitest";
import { createStorageUpstreamContinuations } from "./storage-upstream-continuations";
import { createUpstreamContinuations, type UpstreamContinuations } from "./upstream-continuations";

const variants: [string, () => UpstreamContinuations][] = [
  ["in memory", () => createUpstreamContinuations()],
  ["in a storage", () => createStorageUpstreamContinuations(createStorage())],
];

describe.each(variants)("upstream continuations %s", (_name, make) => {
  it("name the provider of an answer id to the tenant that received it only", async () => {
    const continuations = make();
    await continuations.record("v1_a", "tenant-a", "gemini");
    expect(await continuations.providerOf("v1_a", "tenant-a")).toBe("gemini");
    expect(await continuations.providerOf("v1_a", "tenant-b")).toBeUndefined();
    expect(await continuations.providerOf("v1_unknown", "tenant-a")).toBeUndefined();
    await expect(continuations.check("v1_a", "tenant-a", "previous_interaction_id")).resolves.toBeUndefined();
    await expect(continuations.check("v1_a", "tenant-b", "previous_interaction_id")).rejects.toMatchObject({
      kind: "not_found",
      param: "previous_interaction_id",
    });
  });
});

it("a storage written before providers were recorded (the tenant alone) is still honoured", async () => {
  const storage = createStorage();
  const first = createStorageUpstreamContinuations(storage);
  await first.record("resp_old", "tenant-a");
  const [key] = (await storage.getKeys()).filter((name) => name.includes(":data:"));
  expect(key).toBeDefined();
  await storage.setItemRaw(key as string, "tenant-a");
  const later = createStorageUpstreamContinuations(storage);
  await expect(later.check("resp_old", "tenant-a", "previous_response_id")).resolves.toBeUndefined();
  await expect(later.check("resp_old", "tenant-b", "previous_response_id")).rejects.toMatchObject({
    kind: "not_found",
  });
  expect(await later.providerOf("resp_old", "tenant-a")).toBeUndefined();
});
