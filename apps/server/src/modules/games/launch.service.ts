import type { LaunchMode } from '@portal/contracts/games/games.contract.ts';
import { TRIAL_CREDIT, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { SessionMember } from '../auth/session.service.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';
import type { GameSessionService } from './game-session.service.ts';
import { isTransferAdapter, type VendorAdapter } from './vendor-adapter.ts';

/** Demo play tops trial credit back up once it falls below this share of the grant. */
const TRIAL_REFILL_BELOW = TRIAL_CREDIT.amountMinor / 10n;

export interface LaunchDeps {
  catalogue: CatalogueRepository;
  sessions: GameSessionService;
  ledger: LedgerService;
  adapter: (vendorId: string) => VendorAdapter | undefined;
  /** The member's player id at a transfer-mode vendor (created there when new). */
  vendorPlayerId: (vendorId: string, memberId: string) => Promise<string>;
}

/**
 * Launch rules (spec §5): a trial account plays only on trial credit ('Please Register An Account
 * First' otherwise); a game or vendor under maintenance answers 'game maintenance'; a member gets a
 * game session token and the vendor's client address, and the game joins their recent games. At a
 * transfer-mode vendor the game plays on the player's wallet there (decision 016).
 */
export function launchService({ catalogue, sessions, ledger, adapter, vendorPlayerId }: LaunchDeps) {
  /** Play money for demo mode: real members get it on first demo, everyone gets it topped up when low. */
  async function ensureTrialCredit(memberId: string): Promise<void> {
    const account = { kind: 'MEMBER_TRIAL' as const, memberId, currency: TRIAL_CREDIT.currency };
    const balance = await ledger.balance(account);
    if (balance >= TRIAL_REFILL_BELOW) return;
    const minute = Math.floor(Date.now() / 60_000);
    await ledger
      .transfer({
        idempotencyKey: `trial-refill:${memberId}:${minute}`,
        kind: 'TRIAL_CREDIT',
        from: { kind: 'TRIAL_ISSUER', currency: TRIAL_CREDIT.currency },
        to: account,
        amount: TRIAL_CREDIT.amountMinor - balance,
      })
      // Two launches in one minute: the first refill stands, the second has nothing to add.
      .catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
  }

  return {
    async launch(
      member: SessionMember,
      q: { nodeId: number; mode: LaunchMode; language?: string | undefined },
    ): Promise<{ url: string; mode: LaunchMode; currency: string; expiresAt: string }> {
      const game = await catalogue.byNode(String(q.nodeId));
      if (!game || game.vendorStatus === 'COMING')
        throw new AppError('GAME_NOT_FOUND', 404, 'This game does not exist.', 'query.nodeId');
      if (q.mode === 'REAL' && member.type === TRIAL_TYPE)
        throw new AppError('TRIAL_NOT_ALLOWED', 403, 'Please Register An Account First');
      const vendor = adapter(game.vendorId);
      if (game.status === 'MAINTENANCE' || game.vendorStatus === 'MAINTENANCE' || !vendor)
        throw new AppError('GAME_MAINTENANCE', 503, 'The game is under maintenance.');
      if (q.mode === 'DEMO') {
        if (game.supportPlay !== 0)
          throw new AppError('VALIDATION_FAILED', 400, 'This game has no free trial.', 'query.mode');
        await ensureTrialCredit(member.memberId);
      }
      const issued = await sessions.issue({
        memberId: member.memberId,
        memberType: member.type,
        vendorId: game.vendorId,
        gameCode: game.gameCode,
        gameType: game.gameType,
        mode: q.mode === 'DEMO' ? 'demo' : 'real',
      });
      await catalogue.recordLaunch(member.memberId, game.nodeId);
      const url = await vendor.launchUrl(
        {
          token: issued.token,
          playerId: isTransferAdapter(vendor) ? await vendorPlayerId(game.vendorId, member.memberId) : member.memberId,
          gameCode: game.gameCode,
          currency: issued.currency,
          language: q.language ?? 'ko',
        },
        q.mode === 'DEMO' ? 'demo' : 'real',
      );
      return { url, mode: q.mode, currency: issued.currency, expiresAt: issued.expiresAt.toISOString() };
    },
  };
}
export type LaunchService = ReturnType<typeof launchService>;
