/**
 * Private, loopback, link-local and unspecified address checks for the `url` rule, so that a form
 * never accepts a link into the visitor's or the server's own network.
 */

type Ipv4 = [number, number, number, number];

/** IPv4 blocks refused, as [first address, prefix length]. */
const REFUSED_IPV4: readonly [Ipv4, number][] = [
  [[0, 0, 0, 0], 8], // "this network": reaches the local host on most systems
  [[10, 0, 0, 0], 8],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 168, 0, 0], 16],
];

function parseIpv4(text: string): Ipv4 | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) {
    return null;
  }
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? (octets as Ipv4) : null;
}

function ipv4ToNumber(address: Ipv4): number {
  return ((address[0] << 24) >>> 0) + (address[1] << 16) + (address[2] << 8) + address[3];
}

function isRefusedIpv4(address: Ipv4): boolean {
  const value = ipv4ToNumber(address);
  return REFUSED_IPV4.some(([base, prefix]) => {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return (value & mask) >>> 0 === (ipv4ToNumber(base) & mask) >>> 0;
  });
}

/** Expands an IPv6 literal (no brackets) into eight 16-bit groups, or null when it is not one. */
function parseIpv6(text: string): number[] | null {
  let body = text;
  const tail: number[] = [];
  // An embedded dotted IPv4 tail (`::ffff:10.0.0.1`) counts as the last two groups.
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(body);
  if (dotted) {
    const ipv4 = parseIpv4(dotted[2] ?? '');
    if (!ipv4) {
      return null;
    }
    tail.push((ipv4[0] << 8) + ipv4[1], (ipv4[2] << 8) + ipv4[3]);
    body = dotted[1] ?? '';
    body = body.endsWith('::') ? body : body.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) {
    return null;
  }
  const toGroups = (part: string | undefined): number[] | null => {
    if (!part) {
      return [];
    }
    const groups = part.split(':');
    return groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))
      ? groups.map((group) => parseInt(group, 16))
      : null;
  };
  const head = toGroups(halves[0]);
  const rest = toGroups(halves[1]);
  if (!head || !rest) {
    return null;
  }
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1) {
    return known === 8 ? [...head, ...tail] : null;
  }
  if (known > 7) {
    return null;
  }
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail];
}

function isRefusedIpv6(groups: number[]): boolean {
  const [first = 0] = groups;
  const leadingZeros = groups.slice(0, 5).every((group) => group === 0);
  if (leadingZeros && groups[5] === 0xffff) {
    // IPv4-mapped: judge the IPv4 address inside.
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return isRefusedIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  const allButLastZero = groups.slice(0, 7).every((group) => group === 0);
  if (allButLastZero && (groups[7] === 0 || groups[7] === 1)) {
    return true; // :: (unspecified) and ::1 (loopback)
  }
  // fc00::/7 unique local, fe80::/10 link-local (the IPv6 counterpart of 169.254/16).
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

/**
 * True when `hostname` (as `URL.hostname` gives it: lower case, IPv4 normalised to dotted quad,
 * IPv6 in brackets) is localhost or an address in a private, loopback or link-local block.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return true;
  }
  const ipv4 = parseIpv4(host);
  if (ipv4) {
    return isRefusedIpv4(ipv4);
  }
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = parseIpv6(host.slice(1, -1));
    // An IPv6 literal this parser cannot read is refused rather than trusted.
    return groups ? isRefusedIpv6(groups) : true;
  }
  return false;
}
