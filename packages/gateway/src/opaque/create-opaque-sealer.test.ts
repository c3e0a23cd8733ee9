import { CanonicalError } from "@interlingua/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createOpaqueSealer } from "./create-opaque-sealer";

const sealer = createOpaqueSealer("test-secret-0123456789");
const format = fc.constantFrom("messages", "responses", "generate-content");

describe("createOpaqueSealer", () => {
  it("opens what it sealed, for any data, and names the format in the prefix", async () => {
    await fc.assert(
      fc.asyncProperty(format, fc.string({ unit: "grapheme" }), async (formatId, data) => {
        const envelope = await sealer.seal({ format: formatId, data });
        expect(envelope).toMatch(/^aWwyc2ln[A-Za-z0-9+/]*={0,2}$/);
        expect(atob(envelope)).toContain(formatId);
        expect(sealer.isEnvelope(envelope)).toBe(true);
        expect(await sealer.open(envelope, "/p")).toEqual({ format: formatId, data });
      }),
      { numRuns: 50 },
    );
  });

  it("refuses any single changed character", async () => {
    const envelope = await sealer.seal({ format: "messages", data: "signature-bytes" });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 4, max: envelope.length - 1 }),
        fc.constantFrom("A", "z", "0", "+", "/", "=", "-", "."),
        async (index, character) => {
          fc.pre(envelope[index] !== character);
          const tampered = envelope.slice(0, index) + character + envelope.slice(index + 1);
          const opened = sealer.open(tampered, "/messages/1/parts/0/signature");
          await expect(opened).rejects.toSatisfy(
            (error: unknown) =>
              CanonicalError.isInstance(error) &&
              error.kind === "invalid_request" &&
              error.param === "/messages/1/parts/0/signature",
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses an envelope sealed with another secret, and one whose format was swapped", async () => {
    const other = createOpaqueSealer("another-secret-0123456789");
    const envelope = await other.seal({ format: "messages", data: "x" });
    await expect(sealer.open(envelope, "/p")).rejects.toThrow(/altered/);
    const ours = await sealer.seal({ format: "messages", data: "x" });
    const swapped = btoa(atob(ours).replace("\u0008messages", "\u0008messagez"));
    await expect(sealer.open(swapped, "/p")).rejects.toThrow(/altered/);
    await expect(sealer.open("aWwyc2lnAAAA", "/p")).rejects.toThrow(/altered/);
    await expect(sealer.open("aWwyc2ln!!", "/p")).rejects.toThrow(/altered/);
  });

  it("still opens envelopes of the first version, which clients may hold from before, and refuses altered ones", async () => {
    const signed = `il1.messages.${btoa("thinking-signature").replace(/=+$/, "")}`;
    const key = new TextEncoder().encode("test-secret-0123456789");
    const { hmac } = await import("@noble/hashes/hmac.js");
    const { sha256 } = await import("@noble/hashes/sha2.js");
    const mac = btoa(String.fromCharCode(...hmac(sha256, key, new TextEncoder().encode(signed))))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    const legacy = `${signed}.${mac}`;
    expect(sealer.isEnvelope(legacy)).toBe(true);
    expect(await sealer.open(legacy, "/p")).toEqual({ format: "messages", data: "thinking-signature" });
    await expect(sealer.open(legacy.replace("il1.messages.", "il1.responses."), "/p")).rejects.toThrow(
      /altered/,
    );
    await expect(sealer.open("il1.garbage", "/p")).rejects.toThrow(/altered/);
  });
});

describe("sealed tool-call ids", () => {
  it("are valid ids everywhere, stable, and open to the original id and state", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), format, fc.string(), async (id, formatId, data) => {
        const sealed = await sealer.sealCallId(id, { format: formatId, data });
        expect(sealed).toMatch(/^ilc1_[A-Za-z0-9_-]+$/);
        expect(await sealer.sealCallId(id, { format: formatId, data })).toBe(sealed);
        expect(sealer.isSealedCallId(sealed)).toBe(true);
        expect(await sealer.openCallId(sealed, "/p")).toEqual({ id, state: { format: formatId, data } });
      }),
      { numRuns: 50 },
    );
  });

  it("refuse a changed character", async () => {
    const sealed = await sealer.sealCallId("call_1", { format: "generate-content", data: "sig" });
    const tampered = `${sealed.slice(0, 8)}${sealed[8] === "A" ? "B" : "A"}${sealed.slice(9)}`;
    await expect(sealer.openCallId(tampered, "/p")).rejects.toThrow(/altered/);
    await expect(sealer.openCallId("ilc1_short", "/p")).rejects.toThrow(/altered/);
  });
});

describe("createOpaqueSealer with a secret drawn on demand", () => {
  it("asks for the secret only when it first seals or opens, and only once", async () => {
    let asked = 0;
    const lazy = createOpaqueSealer(() => {
      asked++;
      return "test-secret-0123456789";
    });
    expect(asked).toBe(0);
    const envelope = await lazy.seal({ format: "messages", data: "signature" });
    expect(await lazy.open(envelope, "/p")).toEqual({ format: "messages", data: "signature" });
    expect(await sealer.open(envelope, "/p")).toEqual({ format: "messages", data: "signature" });
    expect(asked).toBe(1);
  });
});
