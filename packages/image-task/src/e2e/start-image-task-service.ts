import { createHash } from "node:crypto";
import type { TaskStore } from "@interlingua/core";
import { serveFetch } from "@interlingua/core/test";
import type { StoredImageTask } from "../engine/stored-image-task";
import {
  createImageTaskService,
  type ImageTaskService,
  type ImageTaskServiceOptions,
} from "../http/create-image-task-service";
import type { ImageBlobStore } from "../stores/image-blob-store";
import { createMemoryImageBlobStore } from "../stores/memory-image-blob-store";
import { createMemoryTaskStore } from "../stores/memory-task-store";
import type { ImageTaskRecord } from "../wire/image-task-record";

/** The test key with every scope. */
export const testKey = "sk-test";
/** The tenant {@link testKey} acts as: what its tasks record as their owner. */
export const testKeyTenant = `key-sha256:${createHash("sha256").update(testKey).digest("hex")}`;
/** A key that may only read. */
export const readOnlyKey = "sk-read";

/** A service on a real local server with counting stores (tests only). */
export interface RunningImageTaskService {
  url: string;
  service: ImageTaskService;
  /** Number of task and blob writes so far. */
  writes: () => number;
  call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  ): Promise<{ status: number; json: any }>;
  waitFor(id: string, statuses?: string[]): Promise<ImageTaskRecord>;
  close(): Promise<void>;
}

/** Starts a service over HTTP on 127.0.0.1 with in-memory stores; options override the defaults. */
export async function startImageTaskService(
  options: Omit<ImageTaskServiceOptions, "publicBaseURL" | "auth"> &
    Partial<Pick<ImageTaskServiceOptions, "auth">>,
): Promise<RunningImageTaskService> {
  let writes = 0;
  const tasks = createMemoryTaskStore<StoredImageTask>();
  const store: TaskStore<StoredImageTask> = {
    ...tasks,
    set: (task) => {
      writes++;
      return tasks.set(task);
    },
  };
  const memoryBlobs = createMemoryImageBlobStore();
  const blobs: ImageBlobStore = {
    get: (key) => memoryBlobs.get(key),
    put: (key, image) => {
      writes++;
      return memoryBlobs.put(key, image);
    },
  };
  let service: ImageTaskService | undefined;
  const server = await serveFetch((request) => service!.fetch(request));
  service = createImageTaskService({
    auth: { keys: [testKey, { key: readOnlyKey, scopes: ["read"] }] },
    store,
    blobs,
    publicBaseURL: server.url,
    ...options,
  });
  const running: RunningImageTaskService = {
    url: server.url,
    service,
    writes: () => writes,
    async call(method, path, body, headers = { authorization: `Bearer ${testKey}` }) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "content-type": "application/json", ...headers },
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
    },
    async waitFor(id, statuses = ["SUCCESS", "FAILURE", "CANCEL"]) {
      const prefix = "/img";
      for (let attempt = 0; attempt < 500; attempt++) {
        const { json } = await running.call("GET", `${prefix}/task/${id}/fetch`);
        if (statuses.includes(json.status)) return json;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`task ${id} never reached ${statuses.join("/")}`);
    },
    close: () => server.close(),
  };
  return running;
}
