import type { GameCategory } from '@portal/contracts/limits.ts';

/**
 * How the operator talks to a game vendor (DESIGN.md §3). The other direction — a seamless vendor
 * calling the operator's wallet — is the signed HTTP protocol of `seamless-wallet.routes.ts`, which
 * every vendor, in-process or outside, uses the same way.
 *
 * Amounts are bigint minor units. An adapter turns the vendor's own answers into these types; a call
 * that times out or cannot be read must come back as UNKNOWN (or throw), never as a guess.
 */

export type WalletMode = 'SEAMLESS' | 'TRANSFER';
export type LaunchMode = 'real' | 'demo';

export interface VendorGame {
  gameCode: string;
  /** The game's category: RNG, MINI, LIVE, FISH… (also the `gameType` of ledger references). */
  gameType: GameCategory;
  /** English name; the catalogue keeps the localized ones. */
  name: string;
  /** Localized names by language, when the vendor gives them (else the English name everywhere). */
  names?: Record<string, string>;
  /** The card image; default `/assets/games/{gameCode}.svg`. */
  iconUrl?: string;
  /** Whether the game can be started in demo mode (the free-trial button). */
  supportsDemo: boolean;
}

/** What the operator hands a vendor at launch. */
export interface LaunchSession {
  /** The game session token (seamless vendors call `authenticate` with it). */
  token: string;
  /**
   * The member as the vendor knows them (no personal data). At a transfer-mode vendor it is the
   * player id its transfers use, so the game plays on the wallet the player filled.
   */
  playerId: string;
  gameCode: string;
  currency: string;
  language: string;
  /** Where the vendor's lobby button sends the player back to. */
  returnUrl?: string;
}

export interface VendorAdapter {
  readonly vendorId: string;
  readonly mode: WalletMode;
  listGames(): Promise<VendorGame[]>;
  /** The URL the browser opens; `demo` plays on trial credit. */
  launchUrl(session: LaunchSession, mode: LaunchMode): Promise<string>;
  /**
   * Ends the player's open game sessions at the vendor (the member signed out everywhere or changed
   * the password). Vendors that keep sessions of their own offer it; the operator's game session
   * tokens end on the operator's side whatever the vendor does.
   */
  endPlayerSessions?(playerId: string): Promise<void>;
}

/** The vendor's answer about one transfer. UNKNOWN: it could not (yet) say; ask again later. */
export type TransferStatus = 'SUCCESS' | 'FAILED' | 'PENDING' | 'UNKNOWN';

export interface TransferCall {
  playerId: string;
  /** The operator's reference number: the vendor applies one reference at most once. */
  reference: string;
  /** Positive minor units. */
  amount: bigint;
  currency: string;
}

export interface TransferAnswer {
  status: TransferStatus;
  /** The player's balance at the vendor after the call, when the vendor says it. */
  balance?: bigint;
}

/** A vendor that keeps its own wallet per member: money is moved in and out by reference number. */
export interface TransferVendorAdapter extends VendorAdapter {
  readonly mode: 'TRANSFER';
  /** Idempotent: creating a member that exists is not an error. */
  createMember(playerId: string, currency: string): Promise<void>;
  /** Main wallet → vendor wallet. */
  transferIn(call: TransferCall): Promise<TransferAnswer>;
  /** Vendor wallet → main wallet; the vendor refuses (FAILED) more than the player has there. */
  transferOut(call: TransferCall): Promise<TransferAnswer>;
  balance(playerId: string, currency: string): Promise<bigint>;
  /** What became of a transfer whose answer was lost. */
  checkTransfer(reference: string): Promise<TransferStatus>;
}

export const isTransferAdapter = (a: VendorAdapter): a is TransferVendorAdapter => a.mode === 'TRANSFER';

/**
 * The adapter of a seamless vendor that runs in this process and whose game client is a page of the
 * web app (the house games, the lottery, the sportsbook). The launch URL is that page with the
 * session token in the fragment, so it never reaches a server log or a Referer header; the vendor's
 * own sessions end with the member's.
 */
export function webPageVendorAdapter({
  vendorId,
  games,
  page,
  vendor,
}: {
  vendorId: string;
  games: () => VendorGame[];
  /** The web app's page (path and query) that plays a game. */
  page: (gameCode: string) => string;
  vendor?: { endSessions(playerId: string): Promise<void> } | undefined;
}): VendorAdapter {
  return {
    ...(vendor ? { endPlayerSessions: (playerId: string) => vendor.endSessions(playerId) } : {}),
    vendorId,
    mode: 'SEAMLESS',
    async listGames() {
      return games();
    },
    async launchUrl(session: LaunchSession, mode: LaunchMode) {
      const fragment = new URLSearchParams({ t: session.token, lang: session.language, mode });
      return `${page(session.gameCode)}#${fragment.toString()}`;
    },
  };
}
