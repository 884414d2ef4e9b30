import ipaddr from 'ipaddr.js';
import type { RegionRestriction } from '@portal/contracts/ops/ops.contract.ts';

/** Parses `a.b.c.d`, `a.b.c.d/n` or an IPv6 form; a bare address is a range of one. */
export function parseRange(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const trimmed = text.trim();
  if (trimmed.includes('/')) {
    const [addr, bits] = ipaddr.parseCIDR(trimmed);
    return [normalize(addr), addr.kind() === 'ipv6' && normalize(addr).kind() === 'ipv4' ? bits - 96 : bits];
  }
  const addr = normalize(ipaddr.parse(trimmed));
  return [addr, addr.kind() === 'ipv4' ? 32 : 128];
}

export function isValidRange(text: string): boolean {
  try {
    parseRange(text);
    return true;
  } catch {
    return false;
  }
}

function normalize(addr: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    return (addr as ipaddr.IPv6).toIPv4Address();
  return addr;
}

/** True when the visitor is blocked by the operator's country list or IP ranges. */
export function isRegionBlocked(rule: RegionRestriction, ip: string, country: string | null): boolean {
  if (!rule.enabled) return false;
  if (country && rule.countries.includes(country.toUpperCase())) return true;
  let visitor: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    visitor = normalize(ipaddr.parse(ip));
  } catch {
    return false;
  }
  return rule.ipRanges.some((range) => {
    try {
      const [net, bits] = parseRange(range);
      return net.kind() === visitor.kind() && visitor.match(net, bits);
    } catch {
      return false;
    }
  });
}
