import { VAULT_GAME_CODES, VAULT_PREFIX } from '@portal/contracts/games/vault-vendor.contract.ts';
import type {
  TransferAnswer,
  TransferCall,
  TransferStatus,
  TransferVendorAdapter,
  VendorGame,
} from '../vendor-adapter.ts';
import type { VaultVendor } from '@portal/vendors/vault/vault-vendor.ts';

export const VAULT_VENDOR_ID = 'VAULT';

/**
 * What the network between operator and vendor can do to one call, for tests and demos:
 * - `fail`: the vendor refuses the transfer;
 * - `timeout-applied`: the vendor applies it but its answer never arrives;
 * - `timeout-lost`: the request never reaches the vendor (no answer either);
 * - `down`: the vendor does not answer at all (also for balance and check calls).
 */
export type VaultFault = 'fail' | 'timeout-applied' | 'timeout-lost' | 'down';

export type VaultCall = 'transfer' | 'balance' | 'check' | 'create';

/** Faults queued for the next calls of one kind; in-process only, so tests can script a vendor's bad day. */
export function vaultFaultQueue() {
  const queues = new Map<VaultCall, VaultFault[]>();
  const of = (call: VaultCall) => queues.get(call) ?? queues.set(call, []).get(call)!;
  return {
    next(fault: VaultFault, call: VaultCall = 'transfer', times = 1) {
      for (let i = 0; i < times; i++) of(call).push(fault);
    },
    clear() {
      queues.clear();
    },
    take(call: VaultCall): VaultFault | undefined {
      return of(call).shift();
    },
  };
}
export type VaultFaultQueue = ReturnType<typeof vaultFaultQueue>;

export class VendorNoAnswer extends Error {
  constructor() {
    super('the vendor did not answer');
  }
}

/**
 * Vault's tables. Neither has a free trial: a transfer-mode wallet holds real money only, and trial
 * accounts cannot transfer (decision 016).
 */
const GAMES: VendorGame[] = [
  {
    gameCode: 'vault-heist',
    gameType: 'MINI',
    name: 'Vault Heist',
    names: { ko: '볼트 하이스트', en: 'Vault Heist', zh: '金库大劫案' },
    supportsDemo: false,
  },
  {
    gameCode: 'vault-poker',
    gameType: 'PVP',
    name: 'Vault High Card',
    names: { ko: '볼트 하이카드', en: 'Vault High Card', zh: '金库比大小' },
    supportsDemo: false,
  },
];

/**
 * The operator's adapter for Vault Gaming. The vendor runs in this process, so "HTTP" is a method
 * call, but every failure an outside vendor can have is reproducible through the fault queue, and
 * a call that gets no answer throws, exactly like a timed-out request.
 */
export function vaultAdapter(vendor: VaultVendor, faults: VaultFaultQueue): TransferVendorAdapter {
  const noAnswer = (f: VaultFault | undefined) => f === 'down' || f === 'timeout-lost';
  const move = async (direction: 'IN' | 'OUT', call: TransferCall): Promise<TransferAnswer> => {
    const fault = faults.take('transfer');
    if (noAnswer(fault)) throw new VendorNoAnswer();
    if (fault === 'fail') {
      await vendor.refuse(call, direction);
      return { status: 'FAILED' };
    }
    const r = await vendor.transfer(direction, call);
    if (fault === 'timeout-applied') throw new VendorNoAnswer();
    return r;
  };
  return {
    vendorId: VAULT_VENDOR_ID,
    mode: 'TRANSFER',
    async listGames() {
      return GAMES;
    },
    /** Vault opens its own session for the player; the token travels in the fragment, never in a log. */
    async launchUrl(session) {
      const game = VAULT_GAME_CODES.find((c) => c === session.gameCode);
      if (!game) throw new Error(`Vault has no game ${session.gameCode}`);
      const token = await vendor.openSession(session.playerId, session.currency, game);
      const q = new URLSearchParams({ game, lang: session.language });
      return `${VAULT_PREFIX}/play?${q.toString()}#${new URLSearchParams({ s: token }).toString()}`;
    },
    endPlayerSessions: (playerId) => vendor.endSessions(playerId),
    async createMember(playerId, currency) {
      if (noAnswer(faults.take('create'))) throw new VendorNoAnswer();
      await vendor.createMember(playerId, currency);
    },
    transferIn: (call) => move('IN', call),
    transferOut: (call) => move('OUT', call),
    async balance(playerId, currency) {
      if (noAnswer(faults.take('balance'))) throw new VendorNoAnswer();
      return vendor.balance(playerId, currency);
    },
    async checkTransfer(reference): Promise<TransferStatus> {
      if (noAnswer(faults.take('check'))) return 'UNKNOWN';
      return vendor.checkTransfer(reference);
    },
  };
}
