import type {
  ImageTaskAccountFilter,
  ImageTaskMode,
  ImageTaskUploadFilter,
} from "../wire/image-task-account-filter";

/** One backend account the service can run tasks on. */
export interface ImageTaskAccount {
  /** Unique id of the account (the proxies' instance id). */
  instanceId: string;
  /** Channel the account belongs to; `chooseSameChannel` picks among accounts sharing it. */
  channelId: string;
  /** Key of the backend in the service's `backends` that runs this account's tasks. */
  backend: string;
  /** Speed modes it offers; default `["FAST"]`. */
  modes?: ImageTaskMode[];
  /** Free text callers can filter on. */
  remark?: string;
  /** Whether remix is on: variations, rerolls and pans then open a modal to change the prompt. */
  remix?: boolean;
  /** With remix on, submit the modal automatically with the unchanged prompt. */
  remixAutoSubmit?: boolean;
  /** Tasks run at the same time; default 3. */
  concurrency?: number;
  /** Tasks that may wait beyond `concurrency`; default 10. */
  queueSize?: number;
  /** Whether the account takes new tasks; default true. */
  enabled?: boolean;
}

/** The modes of an account, with the default. */
export function accountModes(account: ImageTaskAccount): ImageTaskMode[] {
  return account.modes ?? ["FAST"];
}

/** Whether an account passes an `accountFilter` (every given field must match). */
export function accountMatchesFilter(
  account: ImageTaskAccount,
  filter: ImageTaskAccountFilter | undefined,
): boolean {
  if (account.enabled === false) return false;
  if (filter === undefined) return true;
  if (!accountMatchesUploadFilter(account, filter)) return false;
  if (filter.modes !== undefined && filter.modes.length > 0) {
    const modes = accountModes(account);
    if (!filter.modes.some((mode) => modes.includes(mode))) return false;
  }
  if (filter.remix !== undefined && (account.remix ?? false) !== filter.remix) return false;
  if (
    filter.remixAutoConsidered !== undefined &&
    (account.remixAutoSubmit ?? false) !== filter.remixAutoConsidered
  ) {
    return false;
  }
  return true;
}

/** Whether an account passes an upload `filter`. */
export function accountMatchesUploadFilter(
  account: ImageTaskAccount,
  filter: ImageTaskUploadFilter | undefined,
): boolean {
  if (account.enabled === false) return false;
  if (filter === undefined) return true;
  if (filter.channelId !== undefined && account.channelId !== filter.channelId) return false;
  if (filter.instanceId !== undefined && account.instanceId !== filter.instanceId) return false;
  if (filter.remark !== undefined && !(account.remark ?? "").includes(filter.remark)) return false;
  return true;
}

/** The mode a task runs in on an account: the first requested mode it offers, else its first mode. */
export function chooseAccountMode(
  account: ImageTaskAccount,
  filter: ImageTaskAccountFilter | undefined,
): ImageTaskMode {
  const modes = accountModes(account);
  return filter?.modes?.find((mode) => modes.includes(mode)) ?? modes[0] ?? "FAST";
}
