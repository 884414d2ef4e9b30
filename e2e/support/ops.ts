import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { E2E_OPERATOR_KEY } from './test.ts';

const OPERATOR = { 'X-Operator-Key': E2E_OPERATOR_KEY };

export async function setMaintenance(
  request: APIRequestContext,
  body: { enabled: boolean; title?: string; info?: string; endTime?: string | null },
): Promise<void> {
  const res = await request.put('/api/ops/maintenance', {
    headers: OPERATOR,
    data: { title: '', info: '', endTime: null, ...body },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function setRegionRestriction(
  request: APIRequestContext,
  body: { enabled: boolean; countries?: string[]; ipRanges?: string[] },
): Promise<void> {
  const res = await request.put('/api/ops/region-restriction', {
    headers: OPERATOR,
    data: { countries: [], ipRanges: [], ...body },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function switchEverythingOff(request: APIRequestContext): Promise<void> {
  await setMaintenance(request, { enabled: false });
  await setRegionRestriction(request, { enabled: false });
}
