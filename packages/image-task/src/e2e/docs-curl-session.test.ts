import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createGenerateContentProvider } from "@interlingua/generate-content";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenerateContentImageProvider } from "../backends/create-generate-content-image-provider";
import { palette, type RecordingUpstream, startGenerateContentUpstream } from "./local-upstreams";
import { type RunningImageTaskService, startImageTaskService, testKey } from "./start-image-task-service";
import { meanColour } from "./test-images";

const run = promisify(execFile);

let upstream: RecordingUpstream;
let service: RunningImageTaskService;

beforeAll(async () => {
  upstream = await startGenerateContentUpstream();
  service = await startImageTaskService({
    backends: {
      gemini: createGenerateContentImageProvider({
        provider: createGenerateContentProvider({ baseURL: upstream.url, apiKey: "local" }),
        model: "gemini-image",
      }),
    },
    accounts: [{ instanceId: "g1", channelId: "main", backend: "gemini" }],
  });
});
afterAll(async () => {
  await service.close();
  await upstream.close();
});

/** The shell block of the guide's "From imagine to upscale" section. */
async function guideSession(): Promise<string> {
  const guide = await readFile(new URL("../../../../docs/image-task.md", import.meta.url), "utf8");
  const section = guide.slice(guide.indexOf("## From imagine to upscale"));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (block === null) throw new Error("docs/image-task.md has no sh block under 'From imagine to upscale'");
  return block[1]!;
}

describe("docs/image-task.md", () => {
  it("the curl session from imagine to upscale runs as written against the service", async () => {
    const directory = await mkdtemp(join(tmpdir(), "image-task-guide-"));
    try {
      const { stdout } = await run("bash", ["-euo", "pipefail", "-c", await guideSession()], {
        cwd: directory,
        env: { ...process.env, BASE: service.url, KEY: testKey },
        timeout: 30_000,
      });
      const summary = JSON.parse(stdout);
      expect(summary).toMatchObject({
        status: "SUCCESS",
        progress: "100%",
        imageUrl: expect.stringMatching(new RegExp(`^${service.url}/img/image/`)),
        buttons: ["U1", "U2", "U3", "U4", "", "V1", "V2", "V3", "V4"],
      });
      // U2 is the chosen 64×64 candidate of the grid, upscaled 2×.
      const saved = await readFile(join(directory, "u2.png"));
      const metadata = await sharp(saved).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 128, 128]);
      const colour = await meanColour(new Uint8Array(saved));
      expect(palette.slice(0, 4)).toContainEqual(colour);
      // U1-U4 return a candidate as it is: the upscale asked the model for nothing more.
      expect(upstream.requests).toHaveLength(4);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 30_000);
});
