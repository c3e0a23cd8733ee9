import { CanonicalError, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeGenerateContentRequest } from "./decode-generate-content-request";

function refusal(wire: unknown): CanonicalError | undefined {
  try {
    decodeGenerateContentRequest(wire, createConversionContext(), { model: "gemini-2.5-flash" });
  } catch (error) {
    return error as CanonicalError;
  }
  return undefined;
}

describe("a request the API refuses for having nothing to answer", () => {
  it("is refused without turns, as the API says it", () => {
    const error = refusal({ contents: [] });
    expect(error).toBeInstanceOf(CanonicalError);
    expect(error).toMatchObject({ kind: "invalid_request" });
    expect(error?.message).toContain("contents is not specified");
  });

  it("is refused with a turn of no parts, naming the turn", () => {
    const error = refusal({
      contents: [
        { role: "user", parts: [{ text: "a" }] },
        { role: "model", parts: [] },
      ],
    });
    expect(error).toMatchObject({ kind: "invalid_request" });
    expect(error?.message).toContain("contents.1.parts");
    expect(error?.message).toContain("contents.parts must not be empty");
  });
});
