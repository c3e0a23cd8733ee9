import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ErrorKind } from "../model/error-data";
import { CanonicalError } from "./canonical-error";
import { errorKindByStatus, errorKindForStatus, statusByErrorKind } from "./error-status";
import { toCanonicalError } from "./to-canonical-error";

describe("CanonicalError", () => {
  it("takes its status from the kind unless told otherwise", () => {
    expect(new CanonicalError("rate_limit", "slow down").status).toBe(429);
    expect(new CanonicalError("unavailable", "down", { status: 502 }).status).toBe(502);
  });

  it("is recognised across copies by its global marker, not by prototype", () => {
    const error = new CanonicalError("not_found", "missing");
    const foreign = Object.assign(Object.create(null), { [Symbol.for("interlingua.canonical-error")]: true });
    expect(CanonicalError.isInstance(error)).toBe(true);
    expect(CanonicalError.isInstance(foreign)).toBe(true);
    expect(CanonicalError.isInstance(new Error("plain"))).toBe(false);
    expect(CanonicalError.isInstance(null)).toBe(false);
  });

  it("converts to data and back without losing fields", () => {
    const error = new CanonicalError("rate_limit", "slow down", {
      param: "model",
      code: "rate",
      retryAfter: 3,
    });
    const data = error.toData();
    expect(data).toEqual({
      kind: "rate_limit",
      status: 429,
      message: "slow down",
      param: "model",
      code: "rate",
      retryAfter: 3,
    });
    expect(CanonicalError.fromData(data).toData()).toEqual(data);
  });
});

describe("kind and status tables", () => {
  it("map every kind to a status that maps back to the same kind", () => {
    for (const kind of ErrorKind.options) expect(errorKindForStatus(statusByErrorKind[kind])).toBe(kind);
  });

  it("classify unknown statuses by class", () => {
    expect(errorKindByStatus[418]).toBeUndefined();
    expect(errorKindForStatus(418)).toBe("invalid_request");
    expect(errorKindForStatus(599)).toBe("internal");
  });
});

describe("toCanonicalError", () => {
  it("passes canonical errors through", () => {
    const error = new CanonicalError("permission", "no");
    expect(toCanonicalError(error)).toBe(error);
  });

  it("names the first offending path of a zod error", () => {
    const result = z
      .object({ messages: z.array(z.object({ role: z.string() })) })
      .safeParse({ messages: [{ role: 1 }] });
    const error = toCanonicalError(result.error);
    expect(error.kind).toBe("invalid_request");
    expect(error.param).toBe("messages.0.role");
    expect(error.message).toContain("messages.0.role");
  });

  it("makes timeouts timeouts and anything else internal", () => {
    expect(toCanonicalError(new DOMException("too slow", "TimeoutError")).kind).toBe("timeout");
    expect(toCanonicalError(new TypeError("boom"))).toMatchObject({ kind: "internal", message: "boom" });
    expect(toCanonicalError("just a string")).toMatchObject({ kind: "internal", message: "just a string" });
  });
});
