import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";
import { messagesRefusedRecordings } from "./support/recordings";

const refused = messagesRefusedRecordings();

describe("recorded requests the messages API refused with 400", () => {
  it("are there to check", () => {
    expect(refused.map(({ name }) => name)).toContain("tool-use-then-400-invalid-request.http.json #1");
  });

  for (const { name, wire, message } of refused)
    it(`${name} is refused by the decoder too, as invalid_request naming a field (the API: ${message})`, () => {
      expect(() => messagesCodec.decodeRequest(wire, createConversionContext())).toThrow(
        expect.objectContaining({ kind: "invalid_request", param: expect.stringMatching(/^messages\./) }),
      );
    });
});
