import {
  SEAMLESS_CALLS,
  SEAMLESS_HEADERS,
  SEAMLESS_PREFIX,
  SeamlessAnswerSchema,
  jsonNumbersArePlainIntegers,
  type SeamlessAnswer,
  type SeamlessStatus,
} from '@portal/contracts/games/seamless.contract.ts';
import { VENDOR } from '@portal/contracts/limits.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimitConfig } from '../../plugins/route-registry.ts';
import { nulPath } from '../../plugins/text-input.ts';
import { seamlessSignatureMatches } from './seamless-signature.ts';
import type { SeamlessWalletService } from './seamless-wallet.service.ts';
import type { VendorRecord, VendorRegistry } from './vendor-registry.ts';

/** Protocol answers travel with 200; only what is not a business answer uses an HTTP error status. */
const HTTP_STATUS: Partial<Record<SeamlessStatus, 400 | 401 | 503>> = {
  INVALID_SIGNATURE: 401,
  INVALID_REQUEST: 400,
  TEMPORARY_ERROR: 503,
};

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The seamless-wallet endpoints a vendor calls (DESIGN.md §3), the `vendor` audience: outside the
 * member bearer auth, the maintenance gate (a round in flight must still be settled) and the
 * per-address player limits, with the limit their contract declares per vendor. The signature covers
 * the raw bytes, so this scope keeps JSON bodies as buffers and reads them only after the signature
 * has been checked.
 */
export async function seamlessWalletRoutes(
  app: FastifyInstance,
  { vendors, wallet, now = Date.now }: { vendors: VendorRegistry; wallet: SeamlessWalletService; now?: () => number },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: VENDOR.seamlessBodyLimit },
      (_req, body, done) => done(null, body),
    );
    // The body schema is there for the OpenAPI document; the handler validates after the signature.
    scope.setValidatorCompiler(() => (data) => ({ value: data }));

    for (const call of SEAMLESS_CALLS) {
      scope.route({
        method: 'POST',
        url: `${SEAMLESS_PREFIX}/${call.action}`,
        config: rateLimitConfig(call),
        ...('bodyLimit' in call ? { bodyLimit: call.bodyLimit } : {}),
        schema: {
          operationId: call.operationId,
          summary: `Seamless wallet: ${call.action} (signed by the vendor; X-Operator-Id, X-Timestamp, X-Signature).`,
          tags: ['vendor'],
          body: call.body,
          response: {
            200: 'answer' in call ? call.answer : SeamlessAnswerSchema,
            400: SeamlessAnswerSchema,
            401: SeamlessAnswerSchema,
            503: SeamlessAnswerSchema,
          },
        },
        handler: async (request, reply) => {
          const send = (a: SeamlessAnswer) => reply.status(HTTP_STATUS[a.status] ?? 200).send(a);
          const refuse = (status: SeamlessStatus) => send({ status, balance: null, currency: null, request_id: null });

          const raw = request.body;
          const operatorId = header(request, SEAMLESS_HEADERS.operatorId);
          const signature = header(request, SEAMLESS_HEADERS.signature) ?? '';
          const timestamp = Number(header(request, SEAMLESS_HEADERS.timestamp));
          const vendor: VendorRecord | undefined = operatorId ? await vendors.byOperatorId(operatorId) : undefined;
          if (!vendor || !Buffer.isBuffer(raw) || !seamlessSignatureMatches(vendor.secret, raw, signature))
            return refuse('INVALID_SIGNATURE');
          // A captured call replayed much later is refused even with its valid signature.
          if (!Number.isInteger(timestamp) || Math.abs(now() / 1000 - timestamp) > VENDOR.signatureToleranceSeconds)
            return refuse('INVALID_SIGNATURE');

          let json: unknown;
          const text = raw.toString('utf8');
          try {
            json = JSON.parse(text);
          } catch {
            return refuse('INVALID_REQUEST');
          }
          if (!jsonNumbersArePlainIntegers(text)) return refuse('INVALID_REQUEST');
          // A NUL in a text field is unreadable input like any other (PostgreSQL cannot store it).
          if (nulPath(json) !== null) return refuse('INVALID_REQUEST');
          const parsed = call.body.safeParse(json);
          if (!parsed.success) return refuse('INVALID_REQUEST');
          try {
            // Each call's body matches its action: SEAMLESS_CALLS pairs them.
            const run = wallet[call.action] as (
              v: VendorRecord,
              b: unknown,
              log: FastifyRequest['log'],
            ) => Promise<SeamlessAnswer>;
            return send(await run(vendor, parsed.data, request.log));
          } catch (err) {
            request.log.error({ err }, `seamless ${call.action} failed`);
            const requestId = (parsed.data as { request_id?: string }).request_id ?? null;
            return send({ status: 'TEMPORARY_ERROR', balance: null, currency: null, request_id: requestId });
          }
        },
      });
    }
  });
}
