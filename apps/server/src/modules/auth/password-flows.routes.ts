import * as c from '@portal/contracts/auth/password.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddress } from '../../plugins/client-address.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { toMessageLanguage } from '../messaging/verification-message.ts';
import { openEncryptedBody } from './encrypted-body.ts';
import { passwordFlowsService, type PasswordFlowContext, type PasswordFlowsDeps } from './password-flows.service.ts';
import type { AuthSecrets } from './secrets.ts';

const ctxOf = (request: FastifyRequest): PasswordFlowContext => ({
  ip: clientAddress(request),
  userAgent: request.headers['user-agent'],
  // E-mail and SMS go out in the language the browser asks for (the web sends its chosen language).
  language: toMessageLanguage(request.headers['accept-language']),
});

/**
 * Per-IP limits: the old password, reset links and SMS codes are what a guesser would hammer, and
 * the send calls cost the operator a message each.
 */
const LIMIT = {
  changePassword: { max: 10, timeWindow: '1 minute' },
  forgotByEmail: { max: 5, timeWindow: '1 minute' },
  resetByToken: { max: 10, timeWindow: '1 minute' },
  sendResetCode: { max: 5, timeWindow: '1 minute' },
  setByPhone: { max: 10, timeWindow: '1 minute' },
} as const;

export interface PasswordFlowsRouteDeps extends PasswordFlowsDeps {
  secrets: AuthSecrets;
}

export function passwordFlowsRoutes(app: FastifyInstance, guards: RouteGuards, deps: PasswordFlowsRouteDeps): void {
  const key = deps.secrets.payloadKey;
  const d = { passwords: passwordFlowsService(deps) };

  serve(
    app,
    guards,
    c.changePassword,
    async ({ body, request }) =>
      d.passwords.changePassword(
        request.member!.memberId,
        await openEncryptedBody(key, body, c.ChangePasswordPayloadSchema),
        ctxOf(request),
      ),
    { rateLimit: LIMIT.changePassword },
  );
  serve(app, guards, c.forgotPasswordByEmail, ({ body, request }) => d.passwords.forgotByEmail(body, ctxOf(request)), {
    rateLimit: LIMIT.forgotByEmail,
  });
  serve(
    app,
    guards,
    c.resetPasswordByEmailToken,
    async ({ body }) =>
      d.passwords.resetByEmailToken(await openEncryptedBody(key, body, c.ResetPasswordByTokenPayloadSchema)),
    { rateLimit: LIMIT.resetByToken },
  );
  serve(app, guards, c.sendResetCode, ({ body, request }) => d.passwords.sendResetCode(body, ctxOf(request)), {
    rateLimit: LIMIT.sendResetCode,
  });
  serve(
    app,
    guards,
    c.setPasswordByPhone,
    async ({ body, request }) =>
      d.passwords.setPasswordByPhone(
        await openEncryptedBody(key, body, c.SetPasswordByPhonePayloadSchema),
        ctxOf(request),
      ),
    { rateLimit: LIMIT.setByPhone },
  );
}
