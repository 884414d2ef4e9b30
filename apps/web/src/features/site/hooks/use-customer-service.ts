import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePermission } from '../api/site-queries.ts';
import { openCustomerServiceWindow, resolveCustomerServiceUrl } from '../lib/customer-service.ts';

/** The decrypted customer-service link and a function that opens it in its own window. */
export function useCustomerService() {
  const permission = usePermission();
  const encrypted = permission.data?.customerService;
  const url = useQuery({
    queryKey: ['site', 'customer-service', encrypted ?? ''],
    queryFn: () => resolveCustomerServiceUrl(encrypted),
    enabled: Boolean(encrypted),
    staleTime: Infinity,
  });
  const link = url.data ?? null;
  const open = useCallback(() => {
    if (link) openCustomerServiceWindow(link);
  }, [link]);
  return { url: link, open, ready: Boolean(link) };
}
