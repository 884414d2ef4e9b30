import {
  getIcon,
  getPermission,
  getSetRegister,
  getSystemStatus,
  getWhitelabelMenu,
} from '@portal/contracts/site/site.contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** How often the root view re-checks maintenance and region restriction. */
export const SYSTEM_STATUS_REFRESH_MS = 30_000;

export const siteKeys = {
  status: ['site', 'status'] as const,
  permission: ['site', 'permission'] as const,
  icon: ['site', 'icon'] as const,
  menu: ['site', 'whitelabel-menu'] as const,
  setRegister: ['site', 'set-register'] as const,
};

/**
 * The root view waits for this answer before anything else renders, so main.tsx asks for it before
 * the first render; fresh for a few seconds so the view does not ask again as it mounts.
 */
export const systemStatusQuery = queryOptions({
  queryKey: siteKeys.status,
  queryFn: ({ signal }) => call(getSystemStatus, { signal }),
  staleTime: 5_000,
});

export function useSystemStatus() {
  return useQuery({ ...systemStatusQuery, refetchInterval: SYSTEM_STATUS_REFRESH_MS, refetchOnWindowFocus: true });
}

export const permissionQuery = queryOptions({
  queryKey: siteKeys.permission,
  queryFn: ({ signal }) => call(getPermission, { signal }),
  staleTime: 5 * 60_000,
});

export function usePermission() {
  return useQuery(permissionQuery);
}

export function useSiteIcon() {
  return useQuery({
    queryKey: siteKeys.icon,
    queryFn: ({ signal }) => call(getIcon, { signal }),
    staleTime: 10 * 60_000,
  });
}

export const whitelabelMenuQuery = queryOptions({
  queryKey: siteKeys.menu,
  queryFn: ({ signal }) => call(getWhitelabelMenu, { signal }),
  staleTime: 5 * 60_000,
});

export function useWhitelabelMenu() {
  return useQuery(whitelabelMenuQuery);
}

export function useSetRegister() {
  return useQuery({
    queryKey: siteKeys.setRegister,
    queryFn: ({ signal }) => call(getSetRegister, { signal }),
    staleTime: 5 * 60_000,
  });
}
