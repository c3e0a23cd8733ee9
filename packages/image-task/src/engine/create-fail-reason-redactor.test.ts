import { describe, expect, it } from "vitest";
import { createFailReasonRedactor } from "./create-fail-reason-redactor";

describe("createFailReasonRedactor", () => {
  const redact = createFailReasonRedactor(["configured-secret-value"]);

  it.each([
    [
      "Incorrect API key provided: sk-proj-abc***wxyz. You can find your API key at https://example.test.",
      "Incorrect API key provided: [redacted]. You can find your API key at https://example.test.",
    ],
    ["Invalid API key provided: local-key-1234", "Invalid API key provided: [redacted]"],
    ["api_key: abc123, then more", "api_key: [redacted], then more"],
    ["sent Authorization: Bearer tok_123456;", "sent Authorization: Bearer [redacted];"],
    ["key sk-ant-api03-AAAAAAAAAAAA leaked", "key [redacted] leaked"],
    ["key AIzaSyA1234567890abcdefghijk leaked", "key [redacted] leaked"],
    ['{"detail":"configured-secret-value"}', '{"detail":"[redacted]"}'],
    [
      "The backend failed (overloaded): try again later.",
      "The backend failed (overloaded): try again later.",
    ],
  ])("%s", (reason, expected) => {
    expect(redact(reason)).toBe(expected);
  });
});
