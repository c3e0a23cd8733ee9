/** One server-sent event: the optional `event:` name and `id:`, and the `data:` text. */
export interface SseMessage {
  /** Event name (`event:` line), when the server sent one. */
  event?: string;
  /** Event id (`id:` line), when the server sent one. */
  id?: string;
  /** The data lines joined with `\n`. */
  data: string;
}
