import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  opsListContracts,
  opsOfferContract,
  opsTerminateContract,
} from '@portal/contracts/backoffice/contracts.contract.ts';
import { createFirstOwner } from '@portal/contracts/backoffice/staff.contract.ts';
import {
  getOpsStatus,
  getTestClock,
  setMaintenance,
  setModule,
  setRegionRestriction,
  setTestClock,
} from '@portal/contracts/ops/ops.contract.ts';
import {
  rotateVendorSecret,
  setGameMaintenance,
  setVendorMaintenance,
} from '@portal/contracts/games/vendor-ops.contract.ts';
import type { RouteDef } from '@portal/contracts/http.ts';
import {
  approveWithdrawal,
  confirmDeposit,
  listPendingDeposits,
  listPendingWithdrawals,
  rejectDeposit,
  rejectWithdrawal,
} from '@portal/contracts/wallet/cashier.contract.ts';
import {
  getCashierSettings,
  setPaymentMethod,
  setWithdrawalPolicy,
} from '@portal/contracts/wallet/cashier-ops.contract.ts';

const USAGE = `Operator command: switches that take effect on the running portal at once.

  npm run ops -- status
  npm run ops -- maintenance on [--title TEXT] [--info TEXT] [--from 2026-12-01T02:00:00+09:00] [--until 2026-12-01T06:00:00+09:00]
                                (in effect from --from, or at once, until --until, or until switched off)
  npm run ops -- maintenance off
  npm run ops -- region on [--country KP]... [--ip 203.0.113.0/24]...   (lists given replace the old ones)
  npm run ops -- region off
  npm run ops -- module TRANSFER_UPLINE on|off          (a site module / feature flag; see getPermissionInfo)
  npm run ops -- vendor VAULT maintenance on|off           (its games' launches answer "game maintenance")
  npm run ops -- game vault-heist maintenance on|off [VENDOR]   (VENDOR when two vendors use the code)
  npm run ops -- vendor VAULT rotate-secret                (prints the new signing secret once; the old one stops)
  npm run ops -- deposits                                  (bank transfers waiting for a decision)
  npm run ops -- deposit confirm ID | deposit reject ID [--reason TEXT]
  npm run ops -- withdrawals                               (withdrawals waiting for a decision)
  npm run ops -- withdrawal approve ID | withdrawal reject ID [--reason TEXT]
  npm run ops -- cashier                                   (deposit methods and the withdrawal policy)
  npm run ops -- method BANK_TRANSFER [--min 10000] [--max 10000000] [on|off]   (amounts in minor units)
  npm run ops -- withdrawals-policy [--one-pending on|off] [--auto-receipt-minutes 60]
  npm run ops -- contracts [--kind DAILY_SALARY] [--account NAME]     (salary and dividend contracts, newest first)
  npm run ops -- contract offer ACCOUNT KIND --tier THRESHOLD:MEMBERS:RATE... [--period WEEKLY]
      (to a top-level agent; KIND DAILY_SALARY, HOURLY_SALARY, REALTIME_SALARY or DIVIDEND; THRESHOLD the
       team's valid bet, or its loss for a dividend, in minor units; RATE a decimal fraction, 0.005 = 0.5 %;
       a dividend needs --period DAILY|WEEKLY|SEMIMONTHLY|MONTHLY; the house pays it)
  npm run ops -- contract terminate ID                     (from the next period on; contracts below end too)
  npm run ops -- clock                                     (outside production: the server's time and offset)
  npm run ops -- clock advance 1d|6h|30m | clock set 2026-12-01T00:05:00+09:00 | clock reset
      (outside production: moves the server's clock, then runs due jobs such as settlements; decision 032)
  npm run ops -- staff create-owner USERNAME [--name "Display name"]
      (the back office's first owner; password from STAFF_PASSWORD, else a new one printed once;
       they enrol TOTP at their first sign-in at /backoffice; refused once an owner exists)

Reaches the portal at PORTAL_URL (default http://127.0.0.1:$PORT, PORT default 8080) with the key in
OPERATOR_KEY, or else the one the portal wrote to $DATA_DIR/operator.key (DATA_DIR default ./data).`;

function operatorKey(): string {
  if (process.env.OPERATOR_KEY) return process.env.OPERATOR_KEY;
  const file = join(process.env.DATA_DIR || './data', 'operator.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error(`No operator key: set OPERATOR_KEY or start the portal once so it writes ${file}.`);
}

async function call(route: RouteDef, body?: unknown, query?: Record<string, string | undefined>): Promise<unknown> {
  const base = process.env.PORTAL_URL || `http://127.0.0.1:${process.env.PORT || 8080}`;
  const url = new URL(route.path, base);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      headers: { 'x-operator-key': operatorKey(), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new Error(`The portal does not answer at ${base}. Start it first (npm start), or set PORTAL_URL.`);
  }
  const json = (await res.json()) as { success: boolean; value?: unknown; code?: string; message?: string };
  if (!json.success) throw new Error(`${json.code}: ${json.message}`);
  return json.value;
}

/** Vendor and game controls (issue 5): `vendor ID maintenance on|off`, `vendor ID rotate-secret`, `game CODE maintenance on|off [VENDOR]`. */
async function vendorCommand([what, target, action, onOff, vendorId]: string[]): Promise<boolean> {
  const maintenance = onOff === 'on' ? true : onOff === 'off' ? false : undefined;
  let answer: unknown;
  if (what === 'vendor' && target && action === 'maintenance' && maintenance !== undefined)
    answer = await call(setVendorMaintenance, { vendorId: target, maintenance });
  else if (what === 'vendor' && target && action === 'rotate-secret' && !onOff)
    answer = await call(rotateVendorSecret, { vendorId: target });
  else if (what === 'game' && target && action === 'maintenance' && maintenance !== undefined)
    answer = await call(setGameMaintenance, { gameCode: target, maintenance, ...(vendorId ? { vendorId } : {}) });
  else return false;
  console.log(JSON.stringify(answer, null, 2));
  return true;
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      info: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      country: { type: 'string', multiple: true },
      ip: { type: 'string', multiple: true },
      reason: { type: 'string' },
      min: { type: 'string' },
      max: { type: 'string' },
      'one-pending': { type: 'string' },
      'auto-receipt-minutes': { type: 'string' },
      name: { type: 'string' },
      kind: { type: 'string' },
      account: { type: 'string' },
      tier: { type: 'string', multiple: true },
      period: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [what, how, id] = positionals;
  const current = async () =>
    (await call(getOpsStatus)) as {
      maintenance: object;
      regionRestriction: { countries: string[]; ipRanges: string[] };
    };

  if (values.help || !what) return console.log(USAGE);
  if (what === 'status') return console.log(JSON.stringify(await current(), null, 2));
  if (await vendorCommand(positionals)) return;
  if (what === 'maintenance' && (how === 'on' || how === 'off')) {
    const body =
      how === 'on'
        ? {
            enabled: true,
            title: values.title ?? '',
            info: values.info ?? '',
            startTime: values.from ?? null,
            endTime: values.until ?? null,
          }
        : { enabled: false };
    console.log(JSON.stringify(await call(setMaintenance, body), null, 2));
    return;
  }
  if (what === 'region' && (how === 'on' || how === 'off')) {
    const { regionRestriction } = await current();
    const body = {
      enabled: how === 'on',
      countries: values.country?.map((c) => c.toUpperCase()) ?? regionRestriction.countries,
      ipRanges: values.ip ?? regionRestriction.ipRanges,
    };
    console.log(JSON.stringify(await call(setRegionRestriction, body), null, 2));
    return;
  }
  if (what === 'module' && how && (id === 'on' || id === 'off')) {
    console.log(JSON.stringify(await call(setModule, { modId: how, enabled: id === 'on' }), null, 2));
    return;
  }
  if (what === 'clock') {
    const units: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000 };
    const step = how === 'advance' ? /^(-?[0-9]+)([dhm])$/.exec(id ?? '') : null;
    const answer = !how
      ? await call(getTestClock)
      : how === 'reset'
        ? await call(setTestClock, { at: null })
        : how === 'set' && id
          ? await call(setTestClock, { at: id })
          : step
            ? await call(setTestClock, { advanceMs: Number(step[1]) * units[step[2]!]! })
            : undefined;
    if (answer === undefined) return console.log(USAGE);
    return console.log(JSON.stringify(answer, null, 2));
  }
  if (what === 'staff' && how === 'create-owner' && id) {
    const given = process.env.STAFF_PASSWORD;
    const password = given || randomBytes(15).toString('base64url');
    const owner = await call(createFirstOwner, {
      username: id,
      password,
      ...(values.name ? { displayName: values.name } : {}),
    });
    console.log(JSON.stringify(owner, null, 2));
    if (!given) console.log(`Password (shown once, change it by creating a new owner if lost): ${password}`);
    return;
  }
  if (what === 'contracts' && !how) {
    const answer = await call(opsListContracts, undefined, { kind: values.kind, account: values.account });
    return console.log(JSON.stringify(answer, null, 2));
  }
  if (what === 'contract' && how === 'offer' && id && positionals[3]) {
    const kind = positionals[3];
    // THRESHOLD:MEMBERS:RATE; the portal checks every part and names the field it refuses.
    const tiers = (values.tier ?? []).map((t) => {
      const [threshold, members, rate] = t.split(':');
      const minActiveMembers = /^[0-9]+$/.test(members ?? '') ? Number(members) : members;
      return { [kind === 'DIVIDEND' ? 'minLoss' : 'minValidBet']: threshold, minActiveMembers, rate };
    });
    const body = { account: id, kind, tiers, ...(values.period ? { period: values.period } : {}) };
    return console.log(JSON.stringify(await call(opsOfferContract, body), null, 2));
  }
  if (what === 'contract' && how === 'terminate' && id)
    return console.log(JSON.stringify(await call(opsTerminateContract, { contractId: id }), null, 2));
  if (what === 'deposits') return console.log(JSON.stringify(await call(listPendingDeposits), null, 2));
  if (what === 'withdrawals') return console.log(JSON.stringify(await call(listPendingWithdrawals), null, 2));
  if (what === 'cashier') return console.log(JSON.stringify(await call(getCashierSettings), null, 2));
  const onOff = (v: string | undefined) => (v === 'on' ? true : v === 'off' ? false : undefined);
  if (what === 'method' && how && (id === undefined || onOff(id) !== undefined)) {
    // Amounts go as typed: the portal refuses anything that is not a positive whole number of minor units.
    const body = { code: how, enabled: onOff(id), minAmount: values.min, maxAmount: values.max };
    console.log(JSON.stringify(await call(setPaymentMethod, body), null, 2));
    return;
  }
  const onePending = values['one-pending'];
  const minutes = values['auto-receipt-minutes'];
  if (what === 'withdrawals-policy' && !how && (onePending === undefined || onOff(onePending) !== undefined)) {
    const body = {
      singlePendingWithdrawal: onOff(onePending),
      // Not a number stays a string, so the portal names the field instead of the command guessing.
      autoReceiptMinutes: minutes === undefined ? undefined : /^-?[0-9]+$/.test(minutes) ? Number(minutes) : minutes,
    };
    console.log(JSON.stringify(await call(setWithdrawalPolicy, body), null, 2));
    return;
  }
  const decisions: Record<string, RouteDef> = {
    'deposit confirm': confirmDeposit,
    'deposit reject': rejectDeposit,
    'withdrawal approve': approveWithdrawal,
    'withdrawal reject': rejectWithdrawal,
  };
  const decision = decisions[`${what} ${how}`];
  if (decision && id) {
    const answer = (await call(decision, { id, ...(values.reason ? { reason: values.reason } : {}) })) as {
      changed: boolean;
    };
    // An operator who repeats a decision is told that nothing changed, rather than shown a success.
    const done = { confirm: 'confirmed', reject: 'rejected', approve: 'approved' }[how as string];
    if (!answer.changed) console.error(`Already ${done}: nothing changed.`);
    console.log(JSON.stringify(answer, null, 2));
    return;
  }
  console.error(USAGE);
  process.exitCode = 64;
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
