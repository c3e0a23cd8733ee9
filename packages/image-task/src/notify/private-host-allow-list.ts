import ipaddr from "ipaddr.js";

/** Private hosts a notify hook may reach although they are not public (self-hosted setups). */
export interface PrivateHostAllowList {
  /** Whether the host name is on the list (then whatever it resolves to is allowed). */
  allowsName(host: string): boolean;
  /** Whether the address is inside one of the listed addresses or CIDR ranges. */
  allowsAddress(address: string): boolean;
}

/**
 * Reads `entries`, each a host name (`localhost`, `hooks`, a container's name) or an IP address or
 * CIDR range (`10.0.0.0/8`, `192.168.1.20`, `fd00::/8`), parsed with `ipaddr.js` (decision 0004).
 * An IPv4-mapped IPv6 address matches the IPv4 ranges. Throws naming an entry that is neither.
 */
export function createPrivateHostAllowList(entries: readonly string[]): PrivateHostAllowList {
  const names = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of entries) {
    const text = entry
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, "");
    if (text.includes("/")) {
      try {
        ranges.push(ipaddr.parseCIDR(text));
      } catch {
        throw new TypeError(`allowPrivateHosts: '${entry}' is not a valid CIDR range`);
      }
    } else if (ipaddr.isValid(text)) {
      const address = ipaddr.parse(text);
      ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(text)) {
      names.add(text);
    } else {
      throw new TypeError(
        `allowPrivateHosts: '${entry}' is neither a host name, an IP address nor a CIDR range`,
      );
    }
  }
  return {
    allowsName: (host) => names.has(host.toLowerCase()),
    allowsAddress(text) {
      const bare = text.replace(/^\[|\]$/g, "");
      if (!ipaddr.isValid(bare)) return false;
      let address = ipaddr.parse(bare);
      if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
        address = (address as ipaddr.IPv6).toIPv4Address();
      }
      return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
    },
  };
}
