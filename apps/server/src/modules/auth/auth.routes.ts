import * as c from '@portal/contracts/auth/auth.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddress } from '../../plugins/client-address.ts';
import { deviceIdOf } from './device-id.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { AuthService, RequestContext } from './auth.service.ts';
import type { BotCheck } from './bot-check.ts';
import type { CaptchaService } from './captcha.ts';
import { openEncryptedBody } from './encrypted-body.ts';
import type { AuthSecrets } from './secrets.ts';
import type { SessionService } from './session.service.ts';
import type { SignOutEverywhere } from './sign-out-everywhere.ts';

const ctxOf = (request: FastifyRequest): RequestContext => ({
  ip: clientAddress(request),
  userAgent: request.headers['user-agent'],
  deviceId: deviceIdOf(request),
  language: request.headers['accept-language'],
});

export interface AuthRouteDeps {
  auth: AuthService;
  sessions: SessionService;
  captcha: CaptchaService;
  bot: BotCheck;
  secrets: AuthSecrets;
  signOut: SignOutEverywhere;
}

export function authRoutes(app: FastifyInstance, guards: RouteGuards, d: AuthRouteDeps): void {
  serve(app, guards, c.getPayloadKey, async () => ({
    kid: d.secrets.payloadKey.kid,
    jwk: d.secrets.payloadKey.publicJwk as Record<string, unknown>,
  }));
  serve(app, guards, c.getBotChallenge, () => d.bot.challenge());
  serve(app, guards, c.getCaptcha, async () => {
    const { captchaId, image } = await d.captcha.create();
    return { captchaId, image };
  });

  serve(app, guards, c.loginV2, ({ body, request }) => d.auth.login(body, ctxOf(request)));
  serve(app, guards, c.login, async ({ body, request }) =>
    d.auth.login(await openEncryptedBody(d.secrets.payloadKey, body, c.LoginPayloadSchema), ctxOf(request)),
  );

  serve(app, guards, c.register, ({ body, request }) => d.auth.register(body, ctxOf(request)));
  serve(app, guards, c.logout, async ({ member }) => ({ revoked: await d.sessions.revoke(member.sessionId) }));
  serve(app, guards, c.logoutAll, async ({ member }) => ({ revoked: await d.signOut.now(member.memberId) }));
  serve(app, guards, c.getMemberInfo, ({ member }) => d.auth.memberInfo(member.memberId));

  serve(app, guards, c.verifyNewIp, ({ body, request }) =>
    d.auth.verifyNewIp(body.challengeId, body.code, ctxOf(request)),
  );
  serve(app, guards, c.sendLoginCode, ({ body, request }) => d.auth.sendLoginCode(body, ctxOf(request)));
  serve(app, guards, c.sendRegisterCode, ({ body, request }) => d.auth.sendRegisterCode(body, ctxOf(request)));
  serve(app, guards, c.registerMobile, ({ body, request }) => d.auth.register(body, ctxOf(request), 'mobile'));
  serve(app, guards, c.freePlayLogin, ({ body, request }) => d.auth.freePlay(body, ctxOf(request)));
  serve(app, guards, c.checkAffiliate, ({ query }) => d.auth.checkAffiliate(query.code));
}
