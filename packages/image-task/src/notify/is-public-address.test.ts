import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./is-public-address";

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["93.184.216.34", true],
    ["127.0.0.1", false],
    ["10.0.0.1", false],
    ["172.16.0.1", false],
    ["172.32.0.1", true],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["2606:4700::1111", true],
    ["::1", false],
    ["::", false],
    ["[::1]", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:8.8.8.8", true],
    ["not-an-ip", false],
    ["fe80::1%eth0", false],
    ["198.18.0.1", false],
    ["255.255.255.255", false],
    // IPv6 forms that carry an IPv4 address: judged by the address they carry, or refused.
    ["::ffff:0:127.0.0.1", false],
    ["::ffff:0:8.8.8.8", false],
    ["::7f00:1", false],
    ["::127.0.0.1", false],
    ["::808:808", false],
    ["2002:7f00:1::", false],
    ["2002:a00:1::1", false],
    ["2002:c0a8:101::1", false],
    ["2002:808:808::1", true],
    ["64:ff9b::7f00:1", false],
    ["64:ff9b::808:808", false],
    ["64:ff9b:1::1", false],
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", false],
    ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", true],
    ["2001:db8::1", false],
    ["100::1", false],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("isPublicAddress over IPv6 forms carrying an IPv4 address", () => {
  const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
  it("never finds an inside IPv4 address public, however it is wrapped", () => {
    const inside = fc.oneof(
      fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
    );
    fc.assert(
      fc.property(inside, ([a, b, c, d]) => {
        const high = hex(a, b);
        const low = hex(c, d);
        const flipped = `${hex(a ^ 0xff, b ^ 0xff)}:${hex(c ^ 0xff, d ^ 0xff)}`;
        const forms = [
          `${a}.${b}.${c}.${d}`,
          `::ffff:${a}.${b}.${c}.${d}`,
          `::ffff:${high}:${low}`,
          `::ffff:0:${a}.${b}.${c}.${d}`,
          `::${high}:${low}`,
          `2002:${high}:${low}::1`,
          `64:ff9b::${high}:${low}`,
          `2001:0:4136:e378:8000:63bf:${flipped}`,
        ];
        for (const form of forms) expect(isPublicAddress(form), form).toBe(false);
      }),
    );
  });
});
