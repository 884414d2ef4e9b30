import { APP_RESOURCES, SOCIAL_RESOURCES } from '@portal/contracts/limits.ts';
import type { Resource } from '@portal/contracts/site/site.contract.ts';

export type SocialType = (typeof SOCIAL_RESOURCES)[number];
export type AppType = (typeof APP_RESOURCES)[number];
export interface SocialLink {
  type: SocialType;
  url: string;
  label: string;
}
export interface AppLink {
  type: AppType;
  url: string;
  label: string;
}

function usable(resource: Resource | undefined): resource is Resource {
  return Boolean(resource && resource.url.trim() !== '');
}

/** Social links in the spec's order, each only when the site has that resource with a URL (spec §1). */
export function socialLinks(resources: readonly Resource[] | undefined): SocialLink[] {
  const list = resources ?? [];
  return SOCIAL_RESOURCES.flatMap((type) => {
    const found = list.find((r) => r.resourceType === type);
    return usable(found) ? [{ type, url: found.url, label: found.labelNameEn || found.name }] : [];
  });
}

/** App downloads (iOS, iOS lite profile, Android), each only when its resource exists (spec §2 right bar). */
export function appLinks(resources: readonly Resource[] | undefined): AppLink[] {
  const list = resources ?? [];
  return APP_RESOURCES.flatMap((type) => {
    const found = list.find((r) => r.resourceType === type);
    return usable(found) ? [{ type, url: found.url, label: found.labelNameEn || found.name }] : [];
  });
}

/** A QR code must carry a full address: site-relative resource URLs are made absolute. */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}
