import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSecretRedactor } from "./create-secret-redactor";
import { randomDecimalId, randomHexId } from "./random-id";

describe("createSecretRedactor", () => {
  it("removes every secret, as written and JSON-escaped, and nothing else", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4 }).filter((secret) => !secret.includes("[redacted]")),
        fc.string(),
        fc.string(),
        (secret, before, after) => {
          const redact = createSecretRedactor([secret]);
          const text = `${before}${secret}${after}${JSON.stringify(secret)}`;
          expect(redact(text)).not.toContain(secret);
          expect(redact(text)).not.toContain(JSON.stringify(secret).slice(1, -1));
        },
      ),
    );
    expect(createSecretRedactor(["sk-secret"])("Invalid API key provided: sk-secret.")).toBe(
      "Invalid API key provided: [redacted].",
    );
    expect(createSecretRedactor(["abc"])("abc")).toBe("abc");
  });

  it("removes every one of many secrets in one pass, overlapping ones included, and leaves other text as it is", () => {
    const keyText = fc.string({
      unit: fc.constantFrom(...'abcdef-_0123456789é"\\'),
      minLength: 4,
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(keyText, { minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(fc.string({ unit: fc.constantFrom(..."xyz {}:\n") }), fc.nat(), fc.boolean())),
        (secrets, pieces) => {
          const redact = createSecretRedactor(secrets);
          const text = pieces
            .map(([filler, pick, escaped]) => {
              const secret = secrets[pick % secrets.length]!;
              return filler + (escaped ? JSON.stringify(secret).slice(1, -1) : secret);
            })
            .join("");
          const redacted = redact(text);
          for (const secret of secrets) {
            expect(redacted).not.toContain(secret);
            expect(redacted).not.toContain(JSON.stringify(secret).slice(1, -1));
          }
          const clean = pieces.map(([filler]) => filler).join("");
          expect(redact(clean)).toBe(clean);
        },
      ),
    );
    expect(createSecretRedactor(["sk-a.c", "(x)+"])("sk-abc (x)+ sk-a.c (x)")).toBe(
      "sk-abc [redacted] [redacted] (x)",
    );
    expect(createSecretRedactor(["abcd", "abcdef"])("abcdefabcd")).toBe("[redacted][redacted]");
  });
});

describe("random ids", () => {
  it("hex ids carry 8 bits a byte and never repeat", () => {
    const ids = Array.from({ length: 2000 }, () => randomHexId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("decimal ids are 40 digits, start with 1, carry 128 random bits and never repeat", () => {
    const ids = Array.from({ length: 2000 }, () => randomDecimalId());
    for (const id of ids) {
      expect(id).toMatch(/^1\d{39}$/);
      expect(BigInt(id.slice(1))).toBeLessThan(1n << 128n);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Every digit position after the first varies: no fixed (guessable) part such as a timestamp.
    for (let position = 1; position < 40; position++)
      expect(new Set(ids.map((id) => id[position])).size).toBeGreaterThan(1);
    // The top of the range is reached too: the high bits are random (39 digits hold 2^128 only above 1e38).
    expect(ids.some((id) => id[1] !== "0")).toBe(true);
  });
});
