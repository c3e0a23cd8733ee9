import { CanonicalError } from "../errors/canonical-error";
import type { ChatRequest } from "../model/chat-request";
import type { Loss } from "./loss";

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
 * What every decode and encode is given: the place to record losses, and the id and clock
 * sources, so conversions are deterministic when a caller asks for that.
 */
export interface ConversionContext {
  /** Whether the first loss throws. */
  readonly strict: boolean;
  /** Losses recorded so far, in order. */
  readonly losses: Loss[];
  /** The canonical request being answered, when known. */
  request?: ChatRequest;
  /** Records a loss; in strict mode throws an `invalid_request` {@link CanonicalError} instead. */
  lose(code: Loss["code"], path: string, message: string): void;
  /** A new id with the given prefix (`call_…`). */
  generateId(prefix: string): string;
  /** The current time, epoch milliseconds. */
  now(): number;
}

/** Creates a {@link ConversionContext}. */
export function createConversionContext(options: ConversionContextOptions = {}): ConversionContext {
  const strict = options.strict ?? false;
  const losses: Loss[] = [];
  return {
    strict,
    losses,
    request: options.request,
    lose(code, path, message) {
      if (strict) {
        throw new CanonicalError("invalid_request", `Strict conversion: ${message} (at ${path || "/"})`, {
          param: path,
          code: "conversion_loss",
        });
      }
      losses.push({ code, path, message });
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
  for (const token of tokens) result += `/${String(token).replaceAll("~", "~0").replaceAll("/", "~1")}`;
  return result;
}
