import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { LIVE_CHAT_PATH } from '@portal/contracts/support/live-chat-paths.ts';
import { usePermission } from '../api/site-queries.ts';
import { openCustomerServiceWindow, resolveCustomerServiceUrl } from '../lib/customer-service.ts';

/** The decrypted customer-service link (the live chat when none is set) and a function that opens it in its own window. */
export function useCustomerService() {
  const permission = usePermission();
  const encrypted = permission.data?.customerService;
  const url = useQuery({
    queryKey: ['site', 'customer-service', encrypted ?? ''],
    queryFn: () => resolveCustomerServiceUrl(encrypted),
    enabled: Boolean(encrypted),
    staleTime: Infinity,
  });
  // No link configured: the built-in live support (decision 057).
  const link = url.data ?? (permission.data && !encrypted ? LIVE_CHAT_PATH : null);
  const open = useCallback(() => {
    if (link) openCustomerServiceWindow(link);
  }, [link]);
  return { url: link, open, ready: Boolean(link) };
}
