import type { Db } from '../../db/client.ts';
import { vaultAdapter } from './vault/vault-adapter.ts';
import type { VendorAdapter } from './vendor-adapter.ts';

/** Vendors that run inside this process, registered by code (outside vendors have a base URL). */
export function inProcessVendorAdapters(db: Db): VendorAdapter[] {
  return [vaultAdapter(db)];
}
