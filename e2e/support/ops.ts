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

/** An operator call's value (the call must have succeeded). */
export async function okValue<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { success: boolean; value: T };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
}

/** The server's test clock (decision 032): moved to an instant (null: real time); due jobs run before it answers. */
export async function setServerClock(request: APIRequestContext, at: Date | null) {
  return okValue<{ now: string }>(
    await request.put('/api/dev/clock', { headers: OPERATOR, data: { at: at ? at.toISOString() : null } }),
  );
}

/** The server's clock now. */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  return new Date((await okValue<{ now: string }>(await request.get('/api/dev/clock', { headers: OPERATOR }))).now);
}
