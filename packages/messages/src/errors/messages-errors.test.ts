import { CanonicalError, ErrorKind } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { messagesErrorFromWire } from "./messages-error-from-wire";
import { messagesErrorToWire } from "./messages-error-to-wire";

describe("messages errors", () => {
  it("answers each kind with the format's type and status, and reads it back", () => {
    const table = Object.fromEntries(
      ErrorKind.options.map((kind) => {
        const wire = messagesErrorToWire(new CanonicalError(kind, "m"));
        const back = messagesErrorFromWire(wire.status, wire.body, wire.headers);
        expect(back.kind).toBe(kind);
        return [kind, [wire.status, wire.body.error.type]];
      }),
    );
    expect(table).toEqual({
      invalid_request: [400, "invalid_request_error"],
      authentication: [401, "authentication_error"],
      permission: [403, "permission_error"],
      not_found: [404, "not_found_error"],
      method_not_allowed: [405, "invalid_request_error"],
      request_too_large: [413, "request_too_large"],
      rate_limit: [429, "rate_limit_error"],
      overloaded: [529, "overloaded_error"],
      timeout: [504, "timeout_error"],
      unavailable: [503, "api_error"],
      internal: [500, "api_error"],
    });
  });

  it("carries retry-after both ways", () => {
    const error = messagesErrorFromWire(
      429,
      { type: "error", error: { type: "rate_limit_error", message: "slow down" } },
      new Headers({ "retry-after": "30" }),
    );
    expect(error.retryAfter).toBe(30);
    expect(messagesErrorToWire(error).headers).toEqual({ "retry-after": "30" });
  });

  it("reads the field path of a message as param and puts it back", () => {
    const body = {
      type: "error",
      error: { type: "invalid_request_error", message: "messages.0.content.1: bad block" },
      request_id: "req_1",
    };
    const error = messagesErrorFromWire(400, body);
    expect({ param: error.param, message: error.message, code: error.code }).toEqual({
      param: "messages.0.content.1",
      message: "bad block",
      code: "invalid_request_error",
    });
    expect(messagesErrorToWire(error).body).toEqual(body);
  });

  it("names the field of a validation error the way the API does", () => {
    const wire = messagesErrorToWire(
      new CanonicalError("invalid_request", "must be 1 to 256 characters", { param: "model" }),
    );
    expect(wire).toEqual({
      status: 400,
      body: {
        type: "error",
        error: { type: "invalid_request_error", message: "model: must be 1 to 256 characters" },
      },
    });
  });

  it("takes the kind of a body that is not the format's from the status", () => {
    const error = messagesErrorFromWire(502, "<html>Bad gateway</html>");
    expect([error.kind, error.status]).toEqual(["unavailable", 502]);
  });
});
