/**
 * The Web Streams transformer shape (what `new TransformStream(transformer)` takes), declared here
 * so the published types compile with neither the DOM library nor anything beyond Node's own types
 * (`--lib es2022 --types node`); any DOM `Transformer` fits it.
 */
export interface StreamTransformer<I = unknown, O = unknown> {
  /** Called once, before the first chunk. */
  start?(controller: TransformStreamDefaultController<O>): void | PromiseLike<void>;
  /** Called for every chunk written. */
  transform?(chunk: I, controller: TransformStreamDefaultController<O>): void | PromiseLike<void>;
  /** Called once after the last chunk, before the readable side closes. */
  flush?(controller: TransformStreamDefaultController<O>): void | PromiseLike<void>;
  /** Called when either side is cancelled or aborted. */
  cancel?(reason: unknown): void | PromiseLike<void>;
}
