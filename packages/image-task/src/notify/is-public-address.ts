import ipaddr from "ipaddr.js";

/**
 * Whether an IP address (v4 or v6 text) is publicly routable: false for private, loopback,
 * link-local, unique-local, carrier-grade NAT, multicast, unspecified and reserved ranges (the
 * special ranges `ipaddr.js` knows). An IPv6 address that carries an IPv4 one (mapped `::ffff:a.b.c.d`,
 * 6to4 `2002::/16`, Teredo `2001::/32`) is public only when the IPv4 address in it is; the other forms
 * under `::/8` (IPv4-compatible, IPv4-translated) and NAT64 `64:ff9b::/96` never are. Anything that
 * does not parse is not public.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === undefined) return false;
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const bytes = parsed.toByteArray();
  if (bytes[0] === 0) {
    const mapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
    return mapped && isPublicV4(bytes.slice(12, 16));
  }
  switch (parsed.range()) {
    case "unicast":
      return true;
    case "6to4":
      return isPublicV4(bytes.slice(2, 6));
    case "teredo":
      // Server address in clear, client address with every bit flipped (RFC 4380).
      return isPublicV4(bytes.slice(4, 8)) && isPublicV4(bytes.slice(12, 16).map((byte) => byte ^ 0xff));
    default:
      return false;
  }
}

/** Whether text is an IP address literal (v4 dotted decimal, or v6 with or without brackets). */
export function isIpLiteral(host: string): boolean {
  return parseAddress(host) !== undefined;
}

function isPublicV4(bytes: number[]): boolean {
  return new ipaddr.IPv4(bytes).range() === "unicast";
}

function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  const v6 = text.replace(/^\[|\]$/g, "");
  // A zone (`fe80::1%eth0`) names an interface of this machine: never a public address.
  if (v6.includes("%") || !ipaddr.IPv6.isValid(v6)) return undefined;
  return ipaddr.IPv6.parse(v6);
}
