import { decryptCustomerServiceUrl } from '@portal/contracts/site/customer-service-cipher.ts';
import { LIMITS } from '@portal/contracts/limits.ts';

/** Only web links and this site's own paths may be opened; anything else (javascript:, data:) is refused. */
export function isSafeCustomerServiceUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  return /^https?:\/\//i.test(url);
}

/** The plain customer-service link from permission.customerService, or null when it cannot be read. */
export async function resolveCustomerServiceUrl(encrypted: string | undefined): Promise<string | null> {
  if (!encrypted) return null;
  const url = await decryptCustomerServiceUrl(encrypted);
  return url && isSafeCustomerServiceUrl(url) ? url : null;
}

/** Window features for the customer-service window (spec §9: 440x750), centred on the current window. */
export function customerServiceWindowFeatures(
  screenLeft = 0,
  screenTop = 0,
  outerWidth = 1280,
  outerHeight = 900,
): string {
  const { width, height } = LIMITS.customerServiceWindow;
  const left = Math.max(0, Math.round(screenLeft + (outerWidth - width) / 2));
  const top = Math.max(0, Math.round(screenTop + (outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top},noopener=no`;
}

export function openCustomerServiceWindow(url: string): Window | null {
  const opened = window.open(
    url,
    'portal-customer-service',
    customerServiceWindowFeatures(window.screenX, window.screenY, window.outerWidth, window.outerHeight),
  );
  if (opened) opened.opener = null;
  return opened;
}
