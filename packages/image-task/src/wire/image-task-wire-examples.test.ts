import { readdirSync, readFileSync } from "node:fs";
import { specPath } from "@interlingua/core/test";
import { describe, expect, it } from "vitest";
import { ImageTaskCode, ImageTaskEnvelope } from "./image-task-envelope";
import { ImageTaskRecord } from "./image-task-record";

const examplesDirectory = specPath("image-task");
const example = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(`${examplesDirectory}/${name}`, "utf8"));
const submitResults = readdirSync(examplesDirectory).filter((name) => name.startsWith("submit-result."));

/** A record as this service writes it, for comparison with the proxies' payloads. */
const ourRecord: ImageTaskRecord = {
  id: "1732291234567123",
  action: "IMAGINE",
  status: "SUCCESS",
  prompt: "猫猫",
  promptEn: "Cat",
  description: "/imagine 猫猫",
  state: null,
  imageUrl: "https://images.example.com/img/image/1732291234567123",
  progress: "100%",
  failReason: null,
  submitTime: 1689231405854,
  startTime: 1689231442755,
  finishTime: 1689231544312,
  properties: { finalPrompt: "Cat" },
  buttons: [{ customId: "GEN::JOB::upsample::1::abc", emoji: "", label: "U1", style: 2, type: 2 }],
};

const jsonType = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

describe("wire schemas against the open-source proxies' examples", () => {
  it.each(submitResults)("%s is an envelope with one of the seed's codes", (name) => {
    const parsed = ImageTaskEnvelope.safeParse(example(name));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(Object.values(ImageTaskCode)).toContain(parsed.data!.code);
  });

  it("our record carries every field of the proxies' notify payload, with the same JSON type", () => {
    const payload = example("notify-hook-payload.imagine-success.json");
    expect(ImageTaskRecord.parse(ourRecord)).toEqual(ourRecord);
    for (const [field, value] of Object.entries(payload)) {
      const ours = (ourRecord as Record<string, unknown>)[field];
      expect(ours, field).toBeDefined();
      expect(jsonType(ours), field).toBe(jsonType(value));
    }
  });

  it("the record schema refuses what a client could not read", () => {
    expect(ImageTaskRecord.safeParse({ ...ourRecord, status: "DONE" }).success).toBe(false);
    expect(ImageTaskRecord.safeParse({ ...ourRecord, progress: 100 }).success).toBe(false);
    expect(ImageTaskRecord.safeParse({ ...ourRecord, submitTime: "1689231405854" }).success).toBe(false);
    expect(ImageTaskEnvelope.safeParse({ code: "1", description: "Success" }).success).toBe(false);
  });
});
