import type { FairRng } from '../../fairness/fair-rng.ts';
import { parseBet, type MinorUnitsInput } from '../../minor-units.ts';
import type { GameMetadata } from '../game-metadata.ts';
import { paramsObject } from '../game-params.ts';
import { SLOT_LINE_COUNT, SLOT_PAYLINES, SLOT_REELS, SLOT_ROWS } from './slot-paylines.ts';

export type SlotSymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  kind: SlotSymbolKind;
  /** i18n key of the symbol's name (the theme lives in the web app's art and locales). */
  nameKey: string;
  /**
   * Pays by number of symbols: for line symbols in line bets (total bet ÷ 20), counted from the
   * leftmost reel; for the scatter in total bets, counted anywhere in the window.
   */
  pays: Readonly<Partial<Record<number, number>>>;
}

export interface SlotTitle {
  metadata: GameMetadata;
  /** Symbols by their one-character id, the alphabet of the reel strips. */
  symbols: Readonly<Record<string, SlotSymbol>>;
  /** Five reel strips, one character per stop; the window shows three consecutive stops. */
  reels: readonly string[];
  /** Free spins awarded by 3, 4 or 5 scatters in a base spin. */
  freeSpins: Readonly<Partial<Record<number, number>>>;
  /** Every win of a free spin is multiplied by this. */
  freeSpinMultiplier: number;
}

export interface SlotLineWin {
  /** Index into SLOT_PAYLINES. */
  line: number;
  symbol: string;
  count: number;
  /** In line bets, before the free-spin multiplier. */
  lineBets: number;
}

export interface SlotSpin {
  kind: 'base' | 'free';
  /** Strip index shown in the top row of each reel. */
  stops: number[];
  /** window[reel][row], symbol ids. */
  window: string[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  /** Scatter pay in total bets, before the multiplier. */
  scatterTotalBets: number;
  multiplier: number;
  freeSpinsAwarded: number;
  win: bigint;
}

export interface SlotParams {
  bet: MinorUnitsInput;
}

export interface SlotOutcome {
  kind: 'slot';
  game: string;
  bet: bigint;
  /** The base spin first, then every free spin it awarded, in the order they were drawn. */
  spins: SlotSpin[];
  /** Total credited for the round: the sum of every spin's win. */
  payout: bigint;
}

interface LinePay {
  symbol: string;
  count: number;
  lineBets: number;
}

/**
 * One line, left to right. The paying symbol is the first that is not a wild; wilds before and
 * after it stand in for it. A run of wilds alone can pay as wilds, and the line pays whichever
 * reading is worth more. A scatter never pays on a line and ends a wild run.
 */
export function evaluateLine(title: SlotTitle, symbols: readonly string[]): LinePay | undefined {
  let wildRun = 0;
  while (wildRun < symbols.length && title.symbols[symbols[wildRun]!]!.kind === 'wild') wildRun++;

  let best: LinePay | undefined;
  if (wildRun > 0) {
    const wild = symbols[0]!;
    const lineBets = title.symbols[wild]!.pays[wildRun] ?? 0;
    if (lineBets > 0) best = { symbol: wild, count: wildRun, lineBets };
  }
  const target = symbols[wildRun];
  if (target !== undefined && title.symbols[target]!.kind === 'regular') {
    let count = wildRun + 1;
    while (count < symbols.length && (symbols[count] === target || title.symbols[symbols[count]!]!.kind === 'wild')) {
      count++;
    }
    const lineBets = title.symbols[target]!.pays[count] ?? 0;
    if (lineBets > 0 && (!best || lineBets > best.lineBets)) best = { symbol: target, count, lineBets };
  }
  return best;
}

export function countScatters(title: SlotTitle, window: readonly (readonly string[])[]): number {
  let count = 0;
  for (const column of window) for (const symbol of column) if (title.symbols[symbol]!.kind === 'scatter') count++;
  return count;
}

export function scatterPay(title: SlotTitle, count: number): number {
  const scatter = Object.values(title.symbols).find((symbol) => symbol.kind === 'scatter');
  return scatter?.pays[count] ?? 0;
}

export function windowAt(title: SlotTitle, stops: readonly number[]): string[][] {
  return title.reels.map((strip, reel) =>
    Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stops[reel]! + row) % strip.length]!),
  );
}

/** Everything about one spin that follows from where the reels stopped. */
export function evaluateSpin(
  title: SlotTitle,
  stops: readonly number[],
  bet: bigint,
  kind: SlotSpin['kind'],
): SlotSpin {
  const window = windowAt(title, stops);
  const lineWins: SlotLineWin[] = [];
  SLOT_PAYLINES.forEach((rows, line) => {
    const pay = evaluateLine(
      title,
      rows.map((row, reel) => window[reel]![row]!),
    );
    if (pay) lineWins.push({ line, ...pay });
  });
  const scatterCount = countScatters(title, window);
  const scatterTotalBets = scatterPay(title, scatterCount);
  const multiplier = kind === 'free' ? title.freeSpinMultiplier : 1;
  const lineBets = lineWins.reduce((sum, win) => sum + win.lineBets, 0) + scatterTotalBets * SLOT_LINE_COUNT;
  return {
    kind,
    stops: [...stops],
    window,
    lineWins,
    scatterCount,
    scatterTotalBets,
    multiplier,
    // Free spins do not award more free spins: a round stays bounded and its RTP exactly computable.
    freeSpinsAwarded: kind === 'base' ? (title.freeSpins[scatterCount] ?? 0) : 0,
    // A line bet is bet ÷ 20, so the win is floor(bet × line bets × multiplier ÷ 20) minor units.
    win: (bet * BigInt(lineBets * multiplier)) / BigInt(SLOT_LINE_COUNT),
  };
}

function spin(title: SlotTitle, rng: FairRng, bet: bigint, kind: SlotSpin['kind']): SlotSpin {
  return evaluateSpin(
    title,
    title.reels.map((strip) => rng.nextInt(strip.length)),
    bet,
    kind,
  );
}

/**
 * A whole round: the base spin and the free spins it awards all draw from one byte stream, so the
 * round, free spins included, is fixed by (serverSeed, clientSeed, nonce).
 */
export function playSlotRound(title: SlotTitle, rng: FairRng, params: SlotParams): SlotOutcome {
  const bet = parseBet(paramsObject(params, title.metadata.code).bet, title.metadata);
  const base = spin(title, rng, bet, 'base');
  const spins = [base];
  for (let i = 0; i < base.freeSpinsAwarded; i++) spins.push(spin(title, rng, bet, 'free'));
  return { kind: 'slot', game: title.metadata.code, bet, spins, payout: spins.reduce((sum, s) => sum + s.win, 0n) };
}

/** Sanity of a title's tables, checked by a test so a typo in a strip cannot ship. */
export function assertSlotTitle(title: SlotTitle): void {
  if (title.reels.length !== SLOT_REELS) throw new Error(`${title.metadata.code}: needs ${SLOT_REELS} reels`);
  for (const strip of title.reels) {
    for (const symbol of strip) {
      if (!title.symbols[symbol]) throw new Error(`${title.metadata.code}: unknown symbol ${symbol}`);
    }
  }
  if (Object.values(title.symbols).filter((s) => s.kind === 'scatter').length > 1) {
    throw new Error(`${title.metadata.code}: one scatter symbol at most`);
  }
}
