import * as content from './content/content.contract.ts';
import * as vendors from './games/vendors.contract.ts';
import type { RouteDef } from './http.ts';
import * as ops from './ops/ops.contract.ts';
import * as site from './site/site.contract.ts';

function routesOf(mod: Record<string, unknown>): RouteDef[] {
  return Object.values(mod).filter(
    (v): v is RouteDef => typeof v === 'object' && v !== null && 'operationId' in v && 'method' in v,
  );
}

/** Every route the API serves. The server registers exactly these. */
export const ALL_ROUTES: RouteDef[] = [site, content, vendors, ops].flatMap(routesOf);
