import {
  CanonicalError,
  type ChatEvent,
  createConversionContext,
  ErrorKind,
  statusByErrorKind,
  transformAll,
} from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createResponsesStreamEncoder } from "../stream/create-responses-stream-encoder";
import { responsesErrorFromWire } from "./responses-error-from-wire";
import { responsesErrorToWire } from "./responses-error-to-wire";

describe("responses error bodies", () => {
  it.each(ErrorKind.options)(
    "answers a %s error with its status and {error: {message, type, param, code}}",
    (kind) => {
      const wire = responsesErrorToWire(
        new CanonicalError(kind, `a ${kind} error`, { param: "tools.0.name" }),
      );
      expect(wire.status).toBe(statusByErrorKind[kind]);
      expect(Object.keys(wire.body)).toEqual(["error"]);
      expect(Object.keys(wire.body.error).sort()).toEqual(["code", "message", "param", "type"]);
      expect(wire.body.error).toMatchObject({
        message: `a ${kind} error`,
        param: "tools.0.name",
        code: null,
      });
    },
  );

  it.each<[string, number, string]>([
    ["invalid_request", 400, "invalid_request_error"],
    ["authentication", 401, "invalid_request_error"],
    ["permission", 403, "permission_error"],
    ["not_found", 404, "invalid_request_error"],
    ["request_too_large", 413, "invalid_request_error"],
    ["rate_limit", 429, "rate_limit_error"],
    ["internal", 500, "server_error"],
    ["unavailable", 503, "server_error"],
  ])("gives %s the status %i and type %s", (kind, status, type) => {
    const wire = responsesErrorToWire(new CanonicalError(kind as ErrorKind, "x"));
    expect({ status: wire.status, type: wire.body.error.type }).toEqual({ status, type });
  });

  it("sends retry-after with rate limits and reads it back", () => {
    const wire = responsesErrorToWire(new CanonicalError("rate_limit", "slow down", { retryAfter: 20 }));
    expect(wire.headers).toEqual({ "retry-after": "20" });
    expect(responsesErrorFromWire(wire.status, wire.body, wire.headers)).toMatchObject({
      kind: "rate_limit",
      retryAfter: 20,
    });
  });

  it("keeps an upstream body's own type, param and code", () => {
    const body = {
      error: {
        message: "Invalid value: 'x'.",
        type: "invalid_request_error",
        param: "input[0].role",
        code: "invalid_value",
      },
    };
    const error = responsesErrorFromWire(400, body);
    expect(error).toMatchObject({ kind: "invalid_request", param: "input[0].role", code: "invalid_value" });
    expect(responsesErrorToWire(error)).toEqual({ status: 400, body });
  });
});

describe("an input longer than the context window (truncation: disabled)", () => {
  const overflowBody = (message: string) => ({
    status: 400,
    body: {
      error: { message, type: "invalid_request_error", param: "input", code: "context_length_exceeded" },
    },
  });

  it.each([
    // what the messages codec makes of that backend's answer
    new CanonicalError("invalid_request", "prompt is too long: 210000 tokens > 200000 maximum", {
      status: 400,
      code: "invalid_request_error",
    }),
    // what the generate-content backend says
    new CanonicalError(
      "invalid_request",
      "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
      { status: 400, code: "INVALID_ARGUMENT" },
    ),
    // this format's own answer
    responsesErrorFromWire(400, {
      error: {
        message:
          "Your input exceeds the context window of this model. Please adjust your input and try again.",
        type: "invalid_request_error",
        param: "input",
        code: "context_length_exceeded",
      },
    }),
  ])("answers $message as the format's 400 context_length_exceeded naming input", (error) => {
    expect(responsesErrorToWire(error)).toEqual(overflowBody(error.message));
  });

  it("leaves other invalid requests and other kinds alone", () => {
    expect(
      responsesErrorToWire(new CanonicalError("invalid_request", "tools: bad schema")).body.error.code,
    ).toBeNull();
    expect(responsesErrorToWire(new CanonicalError("request_too_large", "prompt is too long")).status).toBe(
      413,
    );
  });

  it("names it the same way in a stream that fails on it", async () => {
    const events: ChatEvent[] = [
      { type: "response-start", id: "resp_1", model: "m" },
      {
        type: "error",
        error: { kind: "invalid_request", status: 400, message: "prompt is too long: 9 tokens > 8 maximum" },
      },
    ];
    const encoded = await transformAll(events, createResponsesStreamEncoder(createConversionContext()));
    expect(encoded.slice(-2)).toMatchObject([
      {
        type: "error",
        error: { type: "invalid_request_error", code: "context_length_exceeded", param: "input" },
      },
      {
        type: "response.failed",
        response: { status: "failed", error: { code: "context_length_exceeded" } },
      },
    ]);
  });

  it("keeps another invalid request's failed response at invalid_prompt", async () => {
    const events: ChatEvent[] = [
      { type: "response-start", id: "resp_1", model: "m" },
      { type: "error", error: { kind: "invalid_request", status: 400, message: "tools: bad schema" } },
    ];
    const encoded = await transformAll(events, createResponsesStreamEncoder(createConversionContext()));
    expect(encoded.at(-1)).toMatchObject({
      type: "response.failed",
      response: { status: "failed", error: { code: "invalid_prompt" } },
    });
  });
});
