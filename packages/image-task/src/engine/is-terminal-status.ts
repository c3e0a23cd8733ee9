import type { ImageTaskStatus } from "../wire/image-task-record";

/** Whether a task with this status is finished for good (SUCCESS, FAILURE or CANCEL). */
export function isTerminalStatus(status: ImageTaskStatus): boolean {
  return status === "SUCCESS" || status === "FAILURE" || status === "CANCEL";
}
