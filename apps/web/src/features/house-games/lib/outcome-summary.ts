import { formatMinor } from './money.ts';
import { hundredthsToMultiplier } from './multiplier.ts';

/** One line of an outcome's description: an i18n key of the `house` namespace and its values. */
export interface SummaryLine {
  key: string;
  values: Record<string, string | number>;
}

const hundredths = (n: number) => (n / 100).toFixed(2);
const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/**
 * A recorded or recomputed outcome as a few readable lines, so the verify view can put them side by
 * side. Reads JSON (bigints as strings); unknown shapes give no lines and the raw JSON still shows.
 */
export function summarizeOutcome(outcome: unknown): SummaryLine[] {
  const o = asRecord(outcome);
  const payout = formatMinor(String(o.payout ?? '0'));
  switch (o.kind) {
    case 'dice':
      return [
        {
          key: 'summary.dice',
          values: {
            roll: hundredths(Number(o.rollHundredths)),
            direction: String(o.direction),
            target: hundredths(Number(o.targetHundredths)),
          },
        },
        { key: o.won ? 'summary.won' : 'summary.lost', values: { payout } },
      ];
    case 'limbo':
      return [
        {
          key: 'summary.limbo',
          values: {
            result: hundredthsToMultiplier(Number(o.resultHundredths)),
            target: hundredthsToMultiplier(Number(o.targetHundredths)),
          },
        },
        { key: o.won ? 'summary.won' : 'summary.lost', values: { payout } },
      ];
    case 'mines': {
      const picks = Array.isArray(o.picks) ? (o.picks as { tile: number; safe: boolean }[]) : [];
      const mines = Array.isArray(o.mineTiles) ? (o.mineTiles as number[]) : [];
      return [
        { key: 'summary.minesLayout', values: { tiles: mines.map((t) => t + 1).join(', ') } },
        {
          key: 'summary.minesPicks',
          values: { picks: picks.map((p) => `${p.tile + 1}${p.safe ? '✓' : '✗'}`).join(', ') || '—' },
        },
        { key: o.status === 'busted' ? 'summary.lost' : 'summary.won', values: { payout } },
      ];
    }
    case 'slot': {
      const spins = Array.isArray(o.spins) ? (o.spins as { stops: number[]; win: string; kind: string }[]) : [];
      return [
        ...spins.map((spin, i) => ({
          key: spin.kind === 'free' ? 'summary.freeSpin' : 'summary.baseSpin',
          values: { n: i, stops: spin.stops.join('-'), win: formatMinor(String(spin.win)) },
        })),
        { key: 'summary.total', values: { payout } },
      ];
    }
    case 'baccarat':
      return [
        {
          key: 'summary.baccarat',
          values: {
            player: (o.playerCards as string[] | undefined)?.join(' ') ?? '',
            banker: (o.bankerCards as string[] | undefined)?.join(' ') ?? '',
            pt: Number(o.playerTotal),
            bt: Number(o.bankerTotal),
            winner: String(o.winner),
          },
        },
        { key: 'summary.total', values: { payout } },
      ];
    case 'fish':
      return [
        { key: 'summary.fish', values: { fish: String(o.fish), draw: Number(o.draw) } },
        { key: o.hit ? 'summary.won' : 'summary.lost', values: { payout } },
      ];
    default:
      return [];
  }
}
