/**
 * Sorts IP addresses into the three classes the content fetcher's SSRF rules
 * need. Private ranges (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10) stay
 * ordinary on purpose: on-premises portals live there. IPv6 forms that reach an
 * IPv4 address (mapped, compatible, SIIT, NAT64, 6to4) are judged by that IPv4
 * address, so `[::ffff:127.0.0.1]` is loopback and `[::ffff:a9fe:a9fe]` forbidden.
 */

/** `forbidden` is never fetched from, `loopback` only when allowed, `ordinary` always. */
export type AddressClass = "forbidden" | "loopback" | "ordinary";

interface Range {
  base: bigint;
  bits: number;
  width: number;
}

const IPV4_FORBIDDEN = [
  "0.0.0.0/8", // "this network": connecting to 0.0.0.0 reaches the local host on Linux
  "169.254.0.0/16", // link-local, where cloud metadata (169.254.169.254) answers
  "100.100.100.200/32", // Alibaba Cloud metadata, outside link-local
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, including the limited broadcast 255.255.255.255
].map(range);

const IPV4_LOOPBACK = ["127.0.0.0/8"].map(range);

const IPV6_FORBIDDEN = [
  "::/128", // unspecified: like 0.0.0.0, reaches the local host
  "fe80::/10", // link-local
  "fec0::/10", // deprecated site-local, still routed inside some networks
  "ff00::/8", // multicast
  "100::/64", // discard-only
  "2001::/32", // Teredo: the IPv4 address it reaches is obfuscated, so it cannot be judged
  "64:ff9b:1::/48", // local-use NAT64: where the IPv4 address sits depends on the operator's prefix
  "fd00:ec2::254/128", // AWS metadata over IPv6
].map(range);

const IPV6_LOOPBACK = ["::1/128"].map(range);

/** IPv6 ranges that carry an IPv4 address, with the bit offset of that address. */
const IPV6_EMBEDDING: [Range, bigint][] = [
  [range("::ffff:0:0/96"), 0n], // IPv4-mapped
  [range("::ffff:0:0:0/96"), 0n], // IPv4-translated (SIIT)
  [range("64:ff9b::/96"), 0n], // well-known NAT64 prefix
  [range("::/96"), 0n], // IPv4-compatible (deprecated, still parsed by stacks)
  [range("2002::/16"), 80n], // 6to4
];

/** Parses canonical dotted-decimal IPv4 ("127.0.0.1"); other spellings are not addresses here. */
export function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // Leading zeros are refused because some stacks read them as octal.
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

/** Parses an IPv6 address, bracketed or not, with an optional dotted IPv4 tail; zone ids are refused. */
export function parseIpv6(text: string): bigint | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const halves = bare.split("::");
  if (halves.length > 2) return null;
  const head = groups(halves[0], halves.length === 1);
  const tail = halves.length === 2 ? groups(halves[1], true) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array(halves.length === 2 ? missing : 0).fill(0n), ...tail]
    .reduce((value, group) => (value << 16n) | group, 0n);
}

/** The 16-bit groups of one side of "::", expanding a dotted IPv4 tail (last side only) into two groups. */
function groups(side: string, last: boolean): bigint[] | null {
  if (side === "") return [];
  const parts = side.split(":");
  const out: bigint[] = [];
  for (const [i, part] of parts.entries()) {
    if (last && i === parts.length - 1 && part.includes(".")) {
      const v4 = parseIpv4(part);
      if (v4 === null) return null;
      out.push(v4 >> 16n, v4 & 0xffffn);
    } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
      out.push(BigInt(`0x${part}`));
    } else {
      return null;
    }
  }
  return out;
}

/** True when the text is an IPv4 address or an (optionally bracketed) IPv6 address. */
export function isIpAddress(text: string): boolean {
  return parseIpv4(text) !== null || parseIpv6(text) !== null;
}

/** The class of an address, or null when the text is not an IP address. */
export function classifyAddress(text: string): AddressClass | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return classifyIpv4(v4);
  const v6 = parseIpv6(text);
  return v6 === null ? null : classifyIpv6(v6);
}

/**
 * One spelling per address, for comparing addresses: an IPv6 form that reaches an IPv4 address
 * is that IPv4 address, so `::ffff:10.0.0.7` and `10.0.0.7` are the same host. Null for non-addresses.
 */
export function addressKey(text: string): string | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return `4:${v4}`;
  const v6 = parseIpv6(text);
  if (v6 === null) return null;
  const embedding = IPV6_EMBEDDING.find(([r]) => contains(r, v6, 128));
  return embedding ? `4:${(v6 >> embedding[1]) & 0xffffffffn}` : `6:${v6}`;
}

function classifyIpv4(value: bigint): AddressClass {
  if (IPV4_FORBIDDEN.some((r) => contains(r, value, 32))) return "forbidden";
  return IPV4_LOOPBACK.some((r) => contains(r, value, 32)) ? "loopback" : "ordinary";
}

function classifyIpv6(value: bigint): AddressClass {
  if (IPV6_FORBIDDEN.some((r) => contains(r, value, 128))) return "forbidden";
  if (IPV6_LOOPBACK.some((r) => contains(r, value, 128))) return "loopback";
  const embedding = IPV6_EMBEDDING.find(([r]) => contains(r, value, 128));
  return embedding ? classifyIpv4((value >> embedding[1]) & 0xffffffffn) : "ordinary";
}

function contains(r: Range, value: bigint, width: number): boolean {
  if (r.width !== width) return false;
  const shift = BigInt(width - r.bits);
  return value >> shift === r.base >> shift;
}

/** Parses a CIDR literal of the tables above; a typo there is a programming error. */
function range(cidr: string): Range {
  const [address, bits] = cidr.split("/");
  const v4 = parseIpv4(address);
  const base = v4 ?? parseIpv6(address);
  if (base === null) throw new Error(`bad range ${cidr}`);
  return { base, bits: Number(bits), width: v4 === null ? 128 : 32 };
}
