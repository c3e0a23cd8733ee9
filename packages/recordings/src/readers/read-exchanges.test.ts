import { describe, expect, it } from "vitest";
import { defaultRecordingFormats } from "../format/default-recording-formats";
import { readFileExchanges, sharedRecordingFiles } from "../testing/shared-recordings";
import { detectInputKind } from "./read-exchanges";

describe("readExchanges over the shared recordings", () => {
  for (const { format, file, path } of sharedRecordingFiles(defaultRecordingFormats)) {
    it(`reads ${format}/${file} as ${format} exchanges`, async () => {
      const exchanges = await readFileExchanges(path, defaultRecordingFormats);
      expect(exchanges.length).toBeGreaterThan(0);
      for (const exchange of exchanges) {
        expect(exchange.format).toBe(format);
        expect(exchange.request ?? exchange.response).toBeDefined();
        if (exchange.response?.events) expect(exchange.response.events.length).toBeGreaterThan(0);
      }
    });
  }
});

describe("detectInputKind", () => {
  it("goes by extension first", () => {
    expect(detectInputKind("a.jsonl", "{}")).toBe("jsonl");
    expect(detectInputKind("a.har", "")).toBe("har");
    expect(detectInputKind("a.sse", "")).toBe("sse");
  });
  it("sniffs the first bytes otherwise", () => {
    expect(detectInputKind(undefined, "event: x\ndata: {}\n\n")).toBe("sse");
    expect(detectInputKind("capture.json", '{\n  "log": {"version": "1.2"')).toBe("har");
    expect(detectInputKind(undefined, '{"a":1}\n{"b":2}\n')).toBe("jsonl");
    expect(detectInputKind(undefined, '{"a":1}\n')).toBe("json");
    expect(detectInputKind("x.json", '{"a":1}\n{"b":2}\n')).toBe("json");
  });
});
