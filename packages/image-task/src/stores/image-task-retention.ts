/**
 * How long finished image tasks and images are kept, and how many: the bounds of the stores
 * `createImageTaskService` builds on a `storage`. Running tasks are always kept.
 */
export interface ImageTaskRetention {
  /** How long a finished (SUCCESS, FAILURE, CANCEL) task is kept after it finished, ms. Default 30 days. */
  taskTtlMs?: number;
  /** Most finished tasks kept; the oldest go first. Default 100,000. */
  maxTasks?: number;
  /** Most bytes of finished task records kept (their JSON); the oldest go first. Default 512 MiB. */
  maxTaskBytes?: number;
  /** How long an image is kept after it was stored, ms. Default 30 days. */
  imageTtlMs?: number;
  /** Most images kept; the oldest go first. Default 100,000. */
  maxImages?: number;
  /** Most bytes of images kept; the oldest go first. Default 10 GiB. */
  maxImageBytes?: number;
}

/** The bounds used where {@link ImageTaskRetention} leaves one out. */
export const defaultImageTaskRetention: Required<ImageTaskRetention> = {
  taskTtlMs: 30 * 24 * 60 * 60 * 1000,
  maxTasks: 100_000,
  maxTaskBytes: 512 * 1024 * 1024,
  imageTtlMs: 30 * 24 * 60 * 60 * 1000,
  maxImages: 100_000,
  maxImageBytes: 10 * 1024 * 1024 * 1024,
};
