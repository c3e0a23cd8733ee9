import type { ImageAspectRatio } from "@interlingua/core";
import type { ImageTaskAccountFilter } from "../wire/image-task-account-filter";
import type { ImageTaskDialect } from "../wire/image-task-names";
import type { ImageTaskRecord } from "../wire/image-task-record";
import type { ImageTaskButtonAction } from "./image-task-button-action";

/** What a task runs; images are blob keys, so a stored task is plain JSON. */
export type ImageTaskOperation =
  | { kind: "generate"; prompt: string; imageKeys: string[] }
  | { kind: "blend"; imageKeys: string[]; aspectRatio: ImageAspectRatio }
  | { kind: "describe"; imageKey: string }
  | { kind: "shorten"; prompt: string }
  | { kind: "swap-face"; sourceKey: string; targetKey: string }
  | {
      kind: "follow-up";
      /** The task whose button was pressed. */
      parentId: string;
      /** The button. */
      action: Exclude<ImageTaskButtonAction, { kind: "reroll" }>;
      /** The (remixed) English prompt. */
      prompt: string;
      /** Vary region mask (blob key). */
      maskKey?: string;
      /** Custom zoom factor from the modal. */
      factor?: number;
    };

/** What a successful task produced. */
export interface StoredImageTaskResult {
  /** `grid` or `single`. */
  layout: "grid" | "single";
  /** Blob keys of the four candidates (grid) or the one image (single); empty when only a composite exists. */
  imageKeys: string[];
  /** Blob key of the image `imageUrl` shows. */
  compositeKey: string;
  /** The backend's handle for follow-ups. */
  reference?: string;
  /** The seed, when known. */
  seed?: string;
}

/** A task as the service stores it: the public record plus what the engine needs to run it. */
export interface StoredImageTask {
  /** Same as `record.id`. */
  id: string;
  /**
   * The tenant that submitted it (see `ImageTaskAuthorization`); every other tenant is answered as
   * if the task did not exist. Absent on an open interface.
   */
  owner?: string;
  /** What callers see. */
  record: ImageTaskRecord;
  /** The spelling the task was submitted in (prefix of its buttons, bot type spelling). */
  dialect: ImageTaskDialect;
  /** What to run. */
  operation: ImageTaskOperation;
  /** Account it runs on, once chosen. */
  instanceId?: string;
  /** How the account is chosen (kept for tasks waiting in MODAL). */
  selection: { accountFilter?: ImageTaskAccountFilter; instanceIds?: string[] };
  /** Where records are POSTed. */
  notifyHook?: string;
  /** The modal step the task waits for. */
  modal?: "custom-zoom" | "vary-region" | "remix";
  /** The result, once SUCCESS. */
  result?: StoredImageTaskResult;
  /**
   * Buttons pressed that may only run once (U1–U4): customId without prefix → the task it made, so
   * a second press answers "already exists" with that task.
   */
  pressed?: Record<string, string>;
}
