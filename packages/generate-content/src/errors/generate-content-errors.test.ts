import { CanonicalError, createConversionContext, ErrorKind } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeGenerateContentRequest } from "../request/decode-generate-content-request";
import { generateContentErrorFromWire } from "./generate-content-error-from-wire";
import { generateContentErrorToWire } from "./generate-content-error-to-wire";

describe("generate-content errors", () => {
  it("answers each kind with the seed's status table, and reads it back", () => {
    const table = Object.fromEntries(
      ErrorKind.options.map((kind) => {
        const wire = generateContentErrorToWire(new CanonicalError(kind, `the ${kind} failure`));
        const back = generateContentErrorFromWire(wire.status, wire.body, wire.headers);
        expect(back.kind).toBe(kind);
        expect(wire.body.error.code).toBe(wire.status);
        return [kind, [wire.status, wire.body.error.status]];
      }),
    );
    expect(table).toEqual({
      invalid_request: [400, "INVALID_ARGUMENT"],
      authentication: [401, "UNAUTHENTICATED"],
      permission: [403, "PERMISSION_DENIED"],
      not_found: [404, "NOT_FOUND"],
      method_not_allowed: [405, "INVALID_ARGUMENT"],
      request_too_large: [413, "PAYLOAD_TOO_LARGE"],
      rate_limit: [429, "RESOURCE_EXHAUSTED"],
      overloaded: [503, "UNAVAILABLE"],
      timeout: [504, "DEADLINE_EXCEEDED"],
      unavailable: [503, "UNAVAILABLE"],
      internal: [500, "INTERNAL"],
    });
  });

  it("names the offending field in a BadRequest field violation, both ways", () => {
    const wire = generateContentErrorToWire(
      new CanonicalError("invalid_request", "Too big", { param: "generationConfig.temperature" }),
    );
    expect(wire.body.error.details).toEqual([
      {
        "@type": "type.googleapis.com/google.rpc.BadRequest",
        fieldViolations: [{ field: "generationConfig.temperature", description: "Too big" }],
      },
    ]);
    expect(generateContentErrorFromWire(400, wire.body).param).toBe("generationConfig.temperature");
  });

  it("turns an invalid request into a 400 naming the field", () => {
    let thrown: unknown;
    try {
      decodeGenerateContentRequest(
        { contents: [{ role: "user", parts: [{ text: "x" }] }], generationConfig: { temperature: 3 } },
        createConversionContext(),
        { model: "m" },
      );
    } catch (error) {
      thrown = error;
    }
    const wire = generateContentErrorToWire(thrown as CanonicalError);
    expect(wire.status).toBe(400);
    expect(wire.body.error.status).toBe("INVALID_ARGUMENT");
    expect(wire.body.error.details?.[0]).toMatchObject({
      fieldViolations: [{ field: "generationConfig.temperature" }],
    });
  });

  it("reads when to retry from RetryInfo or retry-after, and sends both", () => {
    const fromDetail = generateContentErrorFromWire(429, {
      error: {
        code: 429,
        message: "slow down",
        status: "RESOURCE_EXHAUSTED",
        details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "34.4s" }],
      },
    });
    expect(fromDetail.retryAfter).toBe(34.4);
    expect(
      generateContentErrorFromWire(429, { error: { code: 429, message: "m" } }, { "Retry-After": "7" })
        .retryAfter,
    ).toBe(7);
    const wire = generateContentErrorToWire(new CanonicalError("rate_limit", "slow down", { retryAfter: 3 }));
    expect(wire.headers).toEqual({ "retry-after": "3" });
    expect(wire.body.error.details).toContainEqual({
      "@type": "type.googleapis.com/google.rpc.RetryInfo",
      retryDelay: "3s",
    });
  });

  it("keeps FAILED_PRECONDITION and reads an answer that is not an error body", () => {
    const precondition = generateContentErrorFromWire(400, {
      error: { code: 400, message: "User location is not supported", status: "FAILED_PRECONDITION" },
    });
    expect(precondition.kind).toBe("invalid_request");
    expect(generateContentErrorToWire(precondition).body.error.status).toBe("FAILED_PRECONDITION");
    const html = generateContentErrorFromWire(502, "<html>bad gateway</html>");
    expect(html.kind).toBe("unavailable");
    expect(html.message).toBe("Upstream answered with HTTP 502");
  });
});
