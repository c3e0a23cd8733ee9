import type { ImageTaskStatus } from "../wire/image-task-record";

/**
 * Place of each status on the one way a task moves: MODAL → NOT_START → SUBMITTED → IN_PROGRESS →
 * SUCCESS | FAILURE | CANCEL. A change may keep a task's place or move it on, never back.
 */
const statusOrder: Record<ImageTaskStatus, number> = {
  MODAL: 0,
  NOT_START: 1,
  SUBMITTED: 2,
  IN_PROGRESS: 3,
  SUCCESS: 4,
  FAILURE: 4,
  CANCEL: 4,
};

/** Whether a task may go from status `from` to status `to` (forward, or staying where it is). */
export function isForwardStatusChange(from: ImageTaskStatus, to: ImageTaskStatus): boolean {
  if (statusOrder[from] === 4) return from === to;
  return statusOrder[to] >= statusOrder[from];
}
