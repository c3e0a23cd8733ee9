/**
 * Whether an IP address (v4 or v6 text) is publicly routable: false for private, loopback,
 * link-local, unique-local, carrier-grade NAT, multicast, unspecified and reserved ranges, and for
 * IPv4 addresses mapped into IPv6. Anything that does not parse is not public.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4 !== undefined) return isPublicIpv4(v4);
  const v6 = parseIpv6(address.replace(/^\[|\]$/g, ""));
  if (v6 === undefined) return false;
  return isPublicIpv6(v6);
}

/** Whether text is an IP address literal (v4, or v6 with or without brackets). */
export function isIpLiteral(host: string): boolean {
  return parseIpv4(host) !== undefined || parseIpv6(host.replace(/^\[|\]$/g, "")) !== undefined;
}

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : undefined;
}

function isPublicIpv4([a, b]: number[]): boolean {
  if (a === undefined || b === undefined) return false;
  if (a === 0 || a === 10 || a === 127) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0) return false;
  if (a === 198 && (b === 18 || b === 19)) return false;
  return a < 224;
}

function parseIpv6(text: string): number[] | undefined {
  if (!text.includes(":") || text.includes("%")) return undefined;
  let head = text;
  let tailV4: number[] | undefined;
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) {
    tailV4 = parseIpv4(text.slice(lastColon + 1));
    if (tailV4 === undefined) return undefined;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split("::");
  if (halves.length > 2) return undefined;
  const toGroups = (part: string | undefined) => (part === undefined || part === "" ? [] : part.split(":"));
  const left = toGroups(halves[0]);
  const right = toGroups(halves[1]);
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(halves.length === 1 ? 0 : missing).fill("0"), ...right];
  const words = groups.map((group) =>
    /^[0-9a-fA-F]{1,4}$/.test(group) ? Number.parseInt(group, 16) : Number.NaN,
  );
  if (words.some(Number.isNaN)) return undefined;
  if (tailV4 !== undefined) {
    words[6] = tailV4[0]! * 256 + tailV4[1]!;
    words[7] = tailV4[2]! * 256 + tailV4[3]!;
  }
  return words;
}

function isPublicIpv6(words: number[]): boolean {
  const [first = 0] = words;
  if (words.slice(0, 5).every((word) => word === 0) && (words[5] === 0xffff || words[5] === 0)) {
    const v4 = [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff];
    if (words[5] === 0xffff) return isPublicIpv4(v4);
    return false; // ::, ::1 and the deprecated IPv4-compatible range
  }
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && words[1] === 0x0db8) return false; // documentation
  if (first === 0x0064 && words[1] === 0xff9b) return false; // NAT64 can reach private IPv4
  return true;
}
