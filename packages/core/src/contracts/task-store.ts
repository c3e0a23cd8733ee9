/**
 * Where asynchronous tasks live (image tasks), so several gateway instances can share them. The
 * record shape belongs to the interface that defines the tasks; the store only needs its `id`.
 */
export interface TaskStore<TTask extends { id: string }> {
  /** The task, or undefined when unknown. */
  get(id: string): Promise<TTask | undefined>;
  /** Stores (or replaces) a task. */
  set(task: TTask): Promise<void>;
  /** The known tasks among `ids`, in the order of `ids`; unknown ids are left out. */
  getMany(ids: readonly string[]): Promise<TTask[]>;
  /** Removes a task; true when it existed. */
  delete(id: string): Promise<boolean>;
  /**
   * Every task kept (in no particular order), for listing endpoints; optional: a store that cannot
   * enumerate leaves it out and such endpoints say so.
   */
  list?(): Promise<TTask[]>;
}
