/**
 * Image and game-launch hosts are picked at random from the CDN lists (spec §7). An empty list, or
 * an empty entry, means this site's own origin.
 */
export function pickHost(hosts: readonly string[], random: () => number = Math.random): string {
  if (hosts.length === 0) return '';
  const host = hosts[Math.floor(random() * hosts.length)] ?? '';
  return host.replace(/\/+$/, '');
}

/** Prefix a site-relative asset path with a CDN host; absolute URLs pass through unchanged. */
export function withHost(host: string, path: string): string {
  if (/^(https?:|data:)/.test(path)) return path;
  return host + (path.startsWith('/') ? path : `/${path}`);
}
