import { CanonicalError } from "../errors/canonical-error";
import type { ChatRequest } from "../model/chat-request";
import type { Loss } from "./loss";
import { createSourceTrace, type SourceTrace } from "./source-trace";

/** Options for {@link createConversionContext}. */
export interface ConversionContextOptions {
  /** Fail with `invalid_request` on the first loss instead of recording it. */
  strict?: boolean;
  /** Id source; gets a prefix such as `msg` or `call`. Defaults to random ids. */
  generateId?: (prefix: string) => string;
  /** Clock, epoch milliseconds. Defaults to `Date.now`. */
  now?: () => number;
  /** The canonical request being answered, for encoders that echo request settings. */
  request?: ChatRequest;
}

/**
 * What every decode and encode is given: the place to record losses, the trace of where each
 * canonical node came from, and the id and clock sources, so conversions are deterministic when a
 * caller asks for that.
 *
 * Loss paths are JSON pointers into the source document, the one the caller (or the upstream) sent.
 * A decoder calls {@link ConversionContext.startSource} and then {@link ConversionContext.trace}s
 * the canonical nodes it builds; an encoder, which sees only the canonical model, reports losses
 * with canonical paths, and {@link ConversionContext.lose} translates them through that trace.
 */
export interface ConversionContext {
  /** Whether the first loss throws. */
  readonly strict: boolean;
  /** Losses recorded so far, in order. */
  readonly losses: Loss[];
  /** The canonical request being answered, when known. */
  request?: ChatRequest;
  /**
   * Records a loss at `path`, a canonical pointer (`/messages/0/parts/1/cache`), stored as the
   * pointer of the source node it was traced to (see {@link SourceTrace.resolve}); in strict mode
   * throws an `invalid_request` {@link CanonicalError} naming that pointer instead.
   */
  lose(code: Loss["code"], path: string, message: string): void;
  /** {@link lose} for a `path` already in the source document's terms (a decoder's own losses). */
  loseAtSource(code: Loss["code"], path: string, message: string): void;
  /** Starts the trace of a new source document (each decoder calls it first); forgets the last one. */
  startSource(): void;
  /**
   * Records that the canonical node at `canonicalPath` came from `sourcePath` in the source
   * document (`sameShape`: copied as it was, see {@link SourceTrace.record}).
   */
  trace(canonicalPath: string, sourcePath: string, sameShape?: boolean): void;
  /**
   * Runs `step`, which ends in {@link trace}s, only when a loss is reported or a source path asked
   * for, in order with the other traces (see {@link SourceTrace.recordLater}): for tracing work a
   * conversion without a loss need not do, such as the look-ups of `traceFields`.
   */
  traceLater(step: () => void): void;
  /** The source pointer a canonical pointer is reported at. */
  sourcePath(canonicalPath: string): string;
  /** A new id with the given prefix (`call_…`). */
  generateId(prefix: string): string;
  /** The current time, epoch milliseconds. */
  now(): number;
}

/** Creates a {@link ConversionContext}. */
export function createConversionContext(options: ConversionContextOptions = {}): ConversionContext {
  const strict = options.strict ?? false;
  const losses: Loss[] = [];
  const sources = createSourceTrace();
  const loseAtSource = (code: Loss["code"], path: string, message: string) => {
    if (strict) {
      throw new CanonicalError("invalid_request", `Strict conversion: ${message} (at ${path || "/"})`, {
        param: path,
        code: "conversion_loss",
      });
    }
    losses.push({ code, path, message });
  };
  return {
    strict,
    losses,
    request: options.request,
    lose(code, path, message) {
      loseAtSource(code, sources.resolve(path), message);
    },
    loseAtSource,
    startSource() {
      sources.reset();
      sources.record("", "");
    },
    trace(canonicalPath, sourcePath, sameShape) {
      sources.record(canonicalPath, sourcePath, sameShape);
    },
    traceLater(step) {
      sources.recordLater(step);
    },
    sourcePath(canonicalPath) {
      return sources.resolve(canonicalPath);
    },
    generateId: options.generateId ?? randomId,
    now: options.now ?? Date.now,
  };
}

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "")}`;
}

/** Appends a reference token to a JSON pointer, escaping `~` and `/` as RFC 6901 says. */
export function pointer(base: string, ...tokens: (string | number)[]): string {
  let result = base;
  for (const token of tokens) {
    // Most tokens are indexes and plain names: only those holding `~` or `/` are rewritten.
    if (typeof token === "number" || (!token.includes("~") && !token.includes("/"))) result += `/${token}`;
    else result += `/${token.replaceAll("~", "~0").replaceAll("/", "~1")}`;
  }
  return result;
}
