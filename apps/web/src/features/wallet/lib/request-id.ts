/**
 * The idempotency key of one cashier request. Kept while the player retries the same form, so a
 * double click or a retry after a lost answer is one deposit; a new one after each success.
 * getRandomValues, unlike randomUUID, also works on a plain-http address.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
