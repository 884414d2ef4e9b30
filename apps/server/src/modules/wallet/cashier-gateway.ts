import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { envelope } from '@portal/contracts/http.ts';
import { CASHIER } from '@portal/contracts/limits.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import {
  depositReturnPath,
  GATEWAY_PAGE_PREFIX,
  GatewayPageFormSchema,
  GatewayPageParamsSchema,
  GatewayPageQuerySchema,
  gatewayPagePath,
  paymentCallback,
  PaymentCallbackSchema,
} from '@portal/contracts/wallet/cashier.contract.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import type { CashierDeposits } from './cashier-deposits.service.ts';

/**
 * The gateway's shared secret, made once per site and kept in the database like the other secrets,
 * so every instance signs and verifies with the same one. Insert-if-absent then read: two instances
 * starting together agree on one value.
 */
export function ensureGatewaySecret(settings: SettingsRepository): Promise<string> {
  return settings.ensure('secret.gateway_hmac', randomBytes(32).toString('base64url'));
}

const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** Signing on both sides of the simulated gateway: the gateway signs callbacks, the portal checks them. */
export function gatewaySigner(secret: string) {
  // The payment page's link carries a token, so only the player who was sent there can press Pay.
  const pageToken = (depositId: string) => hmacHex(secret, `page:${depositId}`);
  return {
    sign: (rawBody: string | Buffer) => hmacHex(secret, rawBody),
    verify: (rawBody: Buffer, signature: string) => sameHex(hmacHex(secret, rawBody), signature),
    payUrl: (depositId: string) => gatewayPagePath(depositId, pageToken(depositId)),
    pageTokenMatches: (depositId: string, token: string) => sameHex(pageToken(depositId), token),
    /** Stable per deposit: pressing Pay twice is one payment at the gateway, as at a real one. */
    transactionId: (depositId: string) => `SIM-${hmacHex(secret, `txn:${depositId}`).slice(0, 24)}`,
  };
}
export type GatewaySigner = ReturnType<typeof gatewaySigner>;

/**
 * The operator's callback endpoint. The signature covers the raw bytes, so this route keeps the body
 * unparsed (a scope of its own with a buffer parser); it is checked before anything is read from it.
 */
export async function paymentCallbackRoute(
  app: FastifyInstance,
  deposits: CashierDeposits,
  signer: GatewaySigner,
  now: () => number = Date.now,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.route({
      method: paymentCallback.method,
      url: paymentCallback.path,
      schema: {
        operationId: paymentCallback.operationId,
        summary: paymentCallback.summary,
        tags: paymentCallback.tags,
        response: { 200: envelope(paymentCallback.value) },
      },
      handler: async (request) => {
        const raw = request.body;
        const signature = request.headers['x-signature'];
        if (!Buffer.isBuffer(raw) || typeof signature !== 'string' || !signer.verify(raw, signature))
          throw new AppError('PAYMENT_SIGNATURE_INVALID', 401, 'The signature is missing or wrong.');
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('MALFORMED_REQUEST', 400, 'The body is not JSON.');
        }
        const parsed = PaymentCallbackSchema.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = `body.${issue?.path.join('.') ?? ''}`;
          throw new AppError('VALIDATION_FAILED', 400, `${field}: ${issue?.message ?? 'invalid'}`, field);
        }
        // A signed body captured once must not be replayable forever.
        if (Math.abs(now() / 1000 - parsed.data.timestamp) > CASHIER.gatewayCallbackToleranceSeconds)
          throw new AppError('PAYMENT_SIGNATURE_INVALID', 401, 'The notification is too old or from the future.');
        const value = await deposits.settleCallback(parsed.data);
        return { success: true as const, message: '', value };
      },
    });
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>` +
        `body{font-family:system-ui,sans-serif;background:#f2f4f8;color:#1b1f29;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}` +
        `main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px;min-width:300px;max-width:420px}` +
        `h1{font-size:20px;margin:0 0 4px}p{margin:8px 0;color:#4a5266}.amount{font-size:32px;font-weight:700;color:#1b1f29;margin:16px 0}` +
        `form{display:inline}button{font-size:16px;padding:10px 24px;border-radius:8px;border:0;cursor:pointer;margin:16px 8px 0 0}` +
        `.pay{background:#2f6fed;color:#fff}.cancel{background:#e4e7ee;color:#1b1f29}` +
        `</style></head><body><main>${body}</main></body></html>`,
    );
}

/**
 * The built-in simulated payment gateway's hosted page. It plays the part of an outside company:
 * it knows the order, takes "payment", and tells the portal through the same signed HTTP callback a
 * real gateway would send (delivered in-process with `inject`, through the full HTTP pipeline).
 * Plain HTML forms, no scripts: the site's CSP allows scripts from files only. The page is in English
 * because it stands for a third party's site, outside the portal's message bundles.
 */
export function gatewayPages(app: FastifyInstance, deposits: CashierDeposits, signer: GatewaySigner): void {
  /** The deposit a page's parameters name, if they are well formed and the link's token is its own. */
  const find = async (params: unknown, token: string | undefined) => {
    const id = GatewayPageParamsSchema.safeParse(params).data?.depositId;
    if (id === undefined || token === undefined || !signer.pageTokenMatches(id, token)) return undefined;
    return deposits.forGateway(id);
  };
  const notFound = (reply: FastifyReply) =>
    page(reply, 404, 'Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>');

  app.get(`${GATEWAY_PAGE_PREFIX}/:depositId`, { schema: { hide: true } }, async (request, reply) => {
    const token = GatewayPageQuerySchema.safeParse(request.query).data?.token;
    const deposit = await find(request.params, token);
    if (!deposit || token === undefined) return notFound(reply);
    if (deposit.status !== 'PENDING') return reply.redirect(depositReturnPath(deposit.id), 303);
    const form = (action: 'pay' | 'cancel', label: string) =>
      `<form method="post" action="${GATEWAY_PAGE_PREFIX}/${deposit.id}/complete">` +
      `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<input type="hidden" name="action" value="${action}">` +
      `<button type="submit" class="${action}">${label}</button></form>`;
    return page(
      reply,
      200,
      'Simulated payment gateway',
      `<h1>Simulated payment gateway</h1><p>Order ${escapeHtml(deposit.id)} · a test payment, no real money is charged.</p>` +
        `<div class="amount">${escapeHtml(formatMoney(deposit.amount, deposit.currency))}</div>` +
        form('pay', 'Pay') +
        form('cancel', 'Cancel'),
    );
  });

  app.post(`${GATEWAY_PAGE_PREFIX}/:depositId/complete`, { schema: { hide: true } }, async (request, reply) => {
    const form = GatewayPageFormSchema.safeParse(request.body).data;
    const deposit = form && (await find(request.params, form.token));
    if (!form || !deposit) return notFound(reply);
    if (deposit.status === 'PENDING') {
      const raw = JSON.stringify({
        transactionId: signer.transactionId(deposit.id),
        depositId: deposit.id,
        amount: deposit.amount,
        currency: deposit.currency,
        status: form.action === 'pay' ? 'PAID' : 'CANCELLED',
        timestamp: Math.floor(Date.now() / 1000),
      });
      const res = await app.inject({
        method: 'POST',
        url: paymentCallback.path,
        headers: { 'content-type': 'application/json', 'x-signature': signer.sign(raw) },
        payload: raw,
      });
      if (res.statusCode !== 200) {
        request.log.warn({ depositId: deposit.id, status: res.statusCode, body: res.body }, 'gateway callback refused');
        return page(
          reply,
          502,
          'Payment not completed',
          '<h1>Payment not completed</h1><p>The shop did not accept the payment notice. Please contact customer service.</p>',
        );
      }
    }
    return reply.redirect(depositReturnPath(deposit.id), 303);
  });
}
