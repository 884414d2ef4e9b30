import { defineRoute, type Audience } from '@portal/contracts/http.ts';
import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SessionMember } from '../modules/auth/session.service.ts';
import { AppError } from './app-error.ts';
import { registerErrorHandling } from './errors.ts';
import { registerRateLimits } from './rate-limits.ts';
import { encodeOnce, serve, type RouteGuards } from './route-registry.ts';

const whoAmI = <A extends Audience>(audience: A, rateLimit?: { perMinute: number }) =>
  defineRoute({
    operationId: 'whoAmI',
    method: 'GET',
    path: '/api/test/who',
    summary: 'test route',
    tags: ['test'],
    audience,
    ...(rateLimit ? { rateLimit } : {}),
    value: z.object({ who: z.string() }),
  });

/** A member per bearer token: `t-<type>` is a live session of a member of that type. */
const member: RouteGuards['member'] = async (request) => {
  const type = /^Bearer t-(\d+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!type) throw new AppError('NOT_LOGGED_IN', 401, 'not logged in');
  return { memberId: `m${type}`, type: Number(type) } as SessionMember;
};
const pass = async () => {};

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

async function appWith(register: (app: FastifyInstance) => void, scale = 1): Promise<FastifyInstance> {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerRateLimits(app, { max: 1000, scale });
  register(app);
  await app.ready();
  return app;
}
const get = (a: FastifyInstance, token?: string) =>
  a.inject({ method: 'GET', url: '/api/test/who', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('route audiences', () => {
  it('refuses to start with a staff route while no staff guard is registered, naming the route', async () => {
    await expect(
      appWith((a) =>
        serve(a, { gate: pass, operator: pass, member }, whoAmI({ staff: 'cashier.approve' }), async () => ({
          who: 'x',
        })),
      ),
    ).rejects.toThrow(/whoAmI .*'cashier\.approve'.*no staff guard is registered/);
  });

  it("asks the staff guard for the route's permission and hands the handler the staff user", async () => {
    const asked: string[] = [];
    const staff: RouteGuards['staff'] = async (request, permission) => {
      asked.push(permission);
      if (request.headers['x-staff'] !== 'ann') throw new AppError('NOT_LOGGED_IN', 401, 'no staff session');
      return { staffId: 'ann', username: 'ann', role: 'finance', sessionId: '1', ip: '127.0.0.1' };
    };
    const a = await appWith((x) =>
      serve(
        x,
        { gate: pass, operator: pass, member, staff },
        whoAmI({ staff: 'cashier.approve' }),
        async ({ staff }) => ({
          who: staff.staffId,
        }),
      ),
    );
    expect((await get(a)).statusCode).toBe(401);
    const ok = await a.inject({ method: 'GET', url: '/api/test/who', headers: { 'x-staff': 'ann' } });
    expect(ok.json()).toMatchObject({ success: true, value: { who: 'ann' } });
    expect(asked).toEqual(['cashier.approve', 'cashier.approve']);
  });

  it('lets only agent types call an agent route, and tells the others NOT_AGENT', async () => {
    const a = await appWith((x) =>
      serve(x, { gate: pass, operator: pass, member }, whoAmI('agent'), async ({ member }) => ({
        who: member.memberId,
      })),
    );
    expect((await get(a)).json().code).toBe('NOT_LOGGED_IN');
    const player = await get(a, 't-0');
    expect(player.statusCode).toBe(403);
    expect(player.json().code).toBe('NOT_AGENT');
    expect((await get(a, `t-${TRIAL_TYPE}`)).json().code).toBe('NOT_AGENT');
    for (const type of [1, 2, 41, 42]) expect((await get(a, `t-${type}`)).json().value).toEqual({ who: `m${type}` });
  });

  it('refuses trial accounts on a real-member route with TRIAL_NOT_ALLOWED and admits players', async () => {
    const a = await appWith((x) =>
      serve(x, { gate: pass, operator: pass, member }, whoAmI('realMember'), async ({ member }) => ({
        who: member.memberId,
      })),
    );
    const trial = await get(a, `t-${TRIAL_TYPE}`);
    expect(trial.statusCode).toBe(403);
    expect(trial.json().code).toBe('TRIAL_NOT_ALLOWED');
    expect((await get(a, 't-0')).json().value).toEqual({ who: 'm0' });
  });

  it('runs the maintenance gate before the member check, and not at all for operator routes', async () => {
    const closed = async () => {
      throw new AppError('SYSTEM_MAINTENANCE', 503, 'maintenance');
    };
    const memberApp = await appWith((x) =>
      serve(x, { gate: closed, operator: pass, member }, whoAmI('member'), async () => ({ who: 'x' })),
    );
    expect((await get(memberApp)).json().code).toBe('SYSTEM_MAINTENANCE');
    await memberApp.close();
    const operatorApp = await appWith((x) =>
      serve(x, { gate: closed, operator: pass, member }, whoAmI('operator'), async () => ({ who: 'operator' })),
    );
    expect((await get(operatorApp)).json().value).toEqual({ who: 'operator' });
  });

  it('refuses to serve a vendor route: signed seamless calls have their own registration', async () => {
    await expect(
      appWith((a) => serve(a, { gate: pass, operator: pass, member }, whoAmI('vendor'), async () => ({ who: 'x' }))),
    ).rejects.toThrow(/for vendors/);
  });
});

describe('route rate limits', () => {
  it("applies the contract's limit multiplied by RATE_LIMIT_SCALE, per address", async () => {
    const a = await appWith(
      (x) =>
        serve(x, { gate: pass, operator: pass, member }, whoAmI('guest', { perMinute: 2 }), async () => ({ who: 'x' })),
      2,
    );
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push((await a.inject({ method: 'GET', url: '/api/test/who', remoteAddress: '10.0.0.1' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    const other = await a.inject({ method: 'GET', url: '/api/test/who', remoteAddress: '10.0.0.2' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-limit']).toBe('4');
  });
});

describe('answers encoded once', () => {
  it('checks a served-many-times value against the contract once and sends the same JSON as a plain answer', async () => {
    const route = whoAmI('guest');
    const encode = encodeOnce(route);
    const cached = { who: 'cached', extra: 'not in the contract' } as { who: string };
    const a = await appWith((x) => serve(x, { gate: pass, operator: pass, member }, route, async () => encode(cached)));
    const first = await get(a);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // The contract's encode runs: a key it does not name is dropped, as for any answer.
    expect(first.json()).toEqual({ success: true, message: '', value: { who: 'cached' } });
    expect(encode(cached)).toBe(encode(cached));
    expect((await get(a)).body).toBe(first.body);
    expect(() => encode({ who: 42 } as unknown as { who: string })).toThrow();
  });
});
