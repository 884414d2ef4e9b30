import { createHmac, timingSafeEqual } from 'node:crypto';
import { SEAMLESS_HEADERS } from '@portal/contracts/games/seamless.contract.ts';

/** hex HMAC-SHA256(secret, raw body): what a vendor puts in X-Signature (DESIGN.md §3). */
export function seamlessSignature(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time comparison; anything that is not 64 hex digits is simply wrong. */
export function seamlessSignatureMatches(secret: string, rawBody: Buffer, given: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(seamlessSignature(secret, rawBody), 'hex'), Buffer.from(given, 'hex'));
}

/** The headers of one signed call, as a vendor (or the conformance suite, or the bench) sends them. */
export function signedSeamlessHeaders(
  operatorId: string,
  secret: string,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    [SEAMLESS_HEADERS.operatorId]: operatorId,
    [SEAMLESS_HEADERS.timestamp]: String(nowSeconds),
    [SEAMLESS_HEADERS.signature]: seamlessSignature(secret, rawBody),
  };
}
