import * as c from '@portal/contracts/auth/password.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddress } from '../../plugins/client-address.ts';
import { deviceIdOf } from './device-id.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { toMessageLanguage } from '../messaging/verification-message.ts';
import { openEncryptedBody } from './encrypted-body.ts';
import type { PasswordFlowContext, PasswordFlowsService } from './password-flows.service.ts';
import type { AuthSecrets } from './secrets.ts';

const ctxOf = (request: FastifyRequest): PasswordFlowContext => ({
  ip: clientAddress(request),
  userAgent: request.headers['user-agent'],
  deviceId: deviceIdOf(request),
  // E-mail and SMS go out in the language the browser asks for (the web sends its chosen language).
  language: toMessageLanguage(request.headers['accept-language']),
});

export interface PasswordFlowsRouteDeps {
  passwords: PasswordFlowsService;
  secrets: AuthSecrets;
}

export function passwordFlowsRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  { passwords, secrets }: PasswordFlowsRouteDeps,
): void {
  const key = secrets.payloadKey;
  serve(app, guards, c.changePassword, async ({ member, body, request }) =>
    passwords.changePassword(
      member.memberId,
      await openEncryptedBody(key, body, c.ChangePasswordPayloadSchema),
      ctxOf(request),
    ),
  );
  serve(app, guards, c.forgotPasswordByEmail, ({ body, request }) => passwords.forgotByEmail(body, ctxOf(request)));
  serve(app, guards, c.resetPasswordByEmailToken, async ({ body }) =>
    passwords.resetByEmailToken(await openEncryptedBody(key, body, c.ResetPasswordByTokenPayloadSchema)),
  );
  serve(app, guards, c.sendResetCode, ({ body, request }) => passwords.sendResetCode(body, ctxOf(request)));
  serve(app, guards, c.setPasswordByPhone, async ({ body, request }) =>
    passwords.setPasswordByPhone(await openEncryptedBody(key, body, c.SetPasswordByPhonePayloadSchema), ctxOf(request)),
  );
}
