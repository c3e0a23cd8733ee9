import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDataUrl, parseDataUrl } from "./chat-completions-data-url";

describe("data URLs", () => {
  it("read back the media type and data they were made of, an empty media type too", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("", "image/png", "audio/wav", "application/pdf"),
        fc.base64String(),
        (mediaType, data) => {
          expect(parseDataUrl(formatDataUrl(mediaType, data))).toEqual({ mediaType, data });
        },
      ),
    );
  });

  it("keeps the data of an image whose media type is empty (it was read as a URL)", () => {
    expect(parseDataUrl("data:;base64,aGVsbG8=")).toEqual({ mediaType: "", data: "aGVsbG8=" });
    expect(parseDataUrl("https://example.com/a.png")).toBeUndefined();
  });
});
