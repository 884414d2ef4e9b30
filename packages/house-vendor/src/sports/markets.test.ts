import { describe, expect, it } from 'vitest';
import { COMPETITIONS, SPORTS, type Sport } from './catalog.ts';
import {
  collapse,
  fairProbability,
  lineParts,
  marketId,
  matchMarkets,
  offeredOddsBp,
  outcomeChances,
  parseMarketId,
  priceMatch,
  settleSelection,
  spec,
} from './markets.ts';
import { PRE_MATCH, type PlayState, scoreDistribution, sportParams } from './score-model.ts';

const s = (home: number, away: number) => ({ home, away });
const hcp = (line: number) => ({ kind: 'HANDICAP' as const, line });
const tot = (line: number) => ({ kind: 'TOTAL' as const, line });

describe('settlement of every market type', () => {
  it('settles 1X2 home, draw and away', () => {
    const m = { kind: 'RESULT' as const, line: null };
    expect(['H', 'D', 'A'].map((x) => settleSelection(m, x, s(2, 1)))).toEqual(['WIN', 'LOSE', 'LOSE']);
    expect(['H', 'D', 'A'].map((x) => settleSelection(m, x, s(1, 1)))).toEqual(['LOSE', 'WIN', 'LOSE']);
    expect(['H', 'D', 'A'].map((x) => settleSelection(m, x, s(0, 3)))).toEqual(['LOSE', 'LOSE', 'WIN']);
  });

  it('settles a moneyline and pushes it on a tie (an abandoned tie refunds)', () => {
    const m = { kind: 'MONEYLINE' as const, line: null };
    expect(settleSelection(m, 'H', s(101, 99))).toBe('WIN');
    expect(settleSelection(m, 'A', s(101, 99))).toBe('LOSE');
    expect(settleSelection(m, 'A', s(0, 2))).toBe('WIN');
    expect(settleSelection(m, 'H', s(3, 3))).toBe('PUSH');
  });

  it('splits quarter lines into two half stakes and keeps whole and half lines whole', () => {
    expect(lineParts(-0.25)).toEqual([-0.5, 0]);
    expect(lineParts(2.75)).toEqual([2.5, 3]);
    expect(lineParts(-1)).toEqual([-1]);
    expect(lineParts(2.5)).toEqual([2.5]);
  });

  it.each([
    // [home line, score, home outcome, away outcome]
    [0, s(1, 0), 'WIN', 'LOSE'],
    [0, s(1, 1), 'PUSH', 'PUSH'],
    [-0.25, s(1, 1), 'HALF_LOSE', 'HALF_WIN'],
    [-0.25, s(2, 1), 'WIN', 'LOSE'],
    [-0.5, s(1, 1), 'LOSE', 'WIN'],
    [-0.75, s(1, 0), 'HALF_WIN', 'HALF_LOSE'],
    [-0.75, s(2, 0), 'WIN', 'LOSE'],
    [-0.75, s(0, 0), 'LOSE', 'WIN'],
    [-1, s(1, 0), 'PUSH', 'PUSH'],
    [-1, s(2, 0), 'WIN', 'LOSE'],
    [-1.25, s(1, 0), 'HALF_LOSE', 'HALF_WIN'],
    [0.25, s(0, 0), 'HALF_WIN', 'HALF_LOSE'],
    [0.25, s(0, 1), 'LOSE', 'WIN'],
    [0.75, s(0, 1), 'HALF_LOSE', 'HALF_WIN'],
    [1.5, s(0, 1), 'WIN', 'LOSE'],
    [1.5, s(0, 2), 'LOSE', 'WIN'],
  ] as const)('handicap %d at %o: home %s, away %s', (line, score, home, away) => {
    expect(settleSelection(hcp(line), 'H', score)).toBe(home);
    expect(settleSelection(hcp(line), 'A', score)).toBe(away);
  });

  it.each([
    [2.5, s(2, 1), 'WIN', 'LOSE'],
    [2.5, s(1, 1), 'LOSE', 'WIN'],
    [2, s(1, 1), 'PUSH', 'PUSH'],
    [2.25, s(1, 1), 'HALF_LOSE', 'HALF_WIN'],
    [2.25, s(2, 1), 'WIN', 'LOSE'],
    [2.75, s(2, 1), 'HALF_WIN', 'HALF_LOSE'],
    [2.75, s(1, 1), 'LOSE', 'WIN'],
    [2.75, s(3, 1), 'WIN', 'LOSE'],
    [215.5, s(110, 106), 'WIN', 'LOSE'],
  ] as const)('total %d at %o: over %s, under %s', (line, score, over, under) => {
    expect(settleSelection(tot(line), 'O', score)).toBe(over);
    expect(settleSelection(tot(line), 'U', score)).toBe(under);
  });

  it('settles both teams to score', () => {
    const m = { kind: 'BTTS' as const, line: null };
    expect(settleSelection(m, 'Y', s(1, 1))).toBe('WIN');
    expect(settleSelection(m, 'N', s(1, 1))).toBe('LOSE');
    expect(settleSelection(m, 'Y', s(2, 0))).toBe('LOSE');
    expect(settleSelection(m, 'N', s(0, 0))).toBe('WIN');
  });

  it('settles a correct score and the OTHER selection past three goals a side', () => {
    const m = { kind: 'CORRECT_SCORE' as const, line: null };
    expect(settleSelection(m, '2-1', s(2, 1))).toBe('WIN');
    expect(settleSelection(m, '1-2', s(2, 1))).toBe('LOSE');
    expect(settleSelection(m, 'OTHER', s(4, 1))).toBe('WIN');
    expect(settleSelection(m, 'OTHER', s(3, 3))).toBe('LOSE');
  });

  it('settles e-sports map handicap and total maps on the map score', () => {
    expect(settleSelection(hcp(-1.5), 'H', s(2, 0))).toBe('WIN');
    expect(settleSelection(hcp(-1.5), 'H', s(2, 1))).toBe('LOSE');
    expect(settleSelection(hcp(-1.5), 'A', s(2, 1))).toBe('WIN');
    expect(settleSelection(tot(2.5), 'O', s(1, 2))).toBe('WIN');
    expect(settleSelection(tot(4.5), 'U', s(3, 1))).toBe('WIN');
  });
});

describe('market ids', () => {
  it('reads back every id it writes and refuses lines off the quarter grid', () => {
    expect(parseMarketId(marketId('FT', 'HANDICAP', -0.75))).toEqual({ period: 'FT', kind: 'HANDICAP', line: -0.75 });
    expect(parseMarketId('H1:RESULT')).toEqual({ period: 'H1', kind: 'RESULT', line: null });
    expect(parseMarketId('FT:TOTAL:2.3')).toBeNull();
    expect(parseMarketId('FT:TOTAL')).toBeNull();
    expect(parseMarketId('FT:RESULT:1')).toBeNull();
    expect(parseMarketId('XX:RESULT')).toBeNull();
  });
});

describe('prices from the strength model', () => {
  const states: PlayState[] = [
    PRE_MATCH,
    { score: s(1, 0), half: null, progress: 0.3 },
    { score: s(1, 1), half: s(1, 0), progress: 0.7 },
  ];

  for (const c of COMPETITIONS) {
    const [home, away] = c.teams;
    const params = sportParams(c.sport, home!.rating, away!.rating);
    const markets = matchMarkets(c.sport, params, PRE_MATCH);

    it(`${c.code}: every score distribution sums to one`, () => {
      for (const st of states) {
        const total = scoreDistribution(params, c.sport, st, 'FT').reduce((a, x) => a + x.p, 0);
        expect(total).toBeCloseTo(1, 9);
      }
    });

    it(`${c.code}: fair probabilities of every market sum to one and offered odds keep the margin`, () => {
      for (const st of c.sport === 'football' ? states : [PRE_MATCH]) {
        for (const [id, prices] of priceMatch(c.sport, params, markets, st, 0.05)) {
          const fair = prices.map((p) => p.fair ?? 0);
          const sum = fair.reduce((a, b) => a + b, 0);
          if (sum === 0) continue; // a market already decided as a push
          expect(sum, id).toBeCloseTo(1, 6);
          for (const p of prices) {
            if (p.oddsBp === null) continue;
            expect(p.oddsBp / 10_000, `${id} ${p.selection}`).toBeLessThanOrEqual(1 / p.fair! / 1.05 + 1e-9);
          }
        }
      }
    });
  }

  it('prices the stronger home side shorter than the weaker away side in every sport', () => {
    for (const sport of SPORTS) {
      const params = sportParams(sport, 0.8, -0.5);
      const ft = scoreDistribution(params, sport, PRE_MATCH, 'FT');
      const kind = sport === 'football' ? 'RESULT' : 'MONEYLINE';
      const m = spec(sport as Sport, 'FT', kind, null);
      const home = fairProbability(outcomeChances(m, 'H', ft))!;
      const away = fairProbability(outcomeChances(m, 'A', ft))!;
      expect(home, sport).toBeGreaterThan(away);
    }
  });

  it('offers football quarter-line handicaps and goal lines around an even main line', () => {
    const params = sportParams('football', 0.9, -0.5);
    const ids = matchMarkets('football', params, PRE_MATCH).map((m) => m.id);
    expect(ids).toContain('FT:RESULT');
    expect(ids).toContain('FT:BTTS');
    expect(ids).toContain('FT:CORRECT_SCORE');
    expect(ids).toContain('H1:RESULT');
    const handicaps = ids.filter((id) => id.startsWith('FT:HANDICAP')).map((id) => Number(id.split(':')[2]));
    expect(handicaps).toHaveLength(5);
    expect(handicaps.some((l) => !Number.isInteger(l * 2))).toBe(true);
    const totals = ids.filter((id) => id.startsWith('FT:TOTAL')).map((id) => Number(id.split(':')[2]));
    expect(totals.some((l) => !Number.isInteger(l * 2))).toBe(true);
  });

  it('offers e-sports match winner, map handicap and total maps, best of five for the card battler', () => {
    const moba = matchMarkets('moba', sportParams('moba', 0, 0), PRE_MATCH).map((m) => m.id);
    expect(moba).toEqual(['FT:MONEYLINE', 'FT:HANDICAP:-1.5', 'FT:HANDICAP:1.5', 'FT:TOTAL:2.5']);
    const cards = matchMarkets('cards', sportParams('cards', 0, 0), PRE_MATCH).map((m) => m.id);
    expect(cards).toContain('FT:TOTAL:4.5');
    expect(cards).toContain('FT:HANDICAP:-2.5');
  });

  it('moves the price after a goal: the scorer shortens, the other side drifts', () => {
    const params = sportParams('football', 0, 0);
    const m = spec('football', 'FT', 'RESULT', null);
    const before = fairProbability(
      outcomeChances(
        m,
        'H',
        scoreDistribution(params, 'football', { score: s(0, 0), half: null, progress: 0.5 }, 'FT'),
      ),
    )!;
    const after = fairProbability(
      outcomeChances(
        m,
        'H',
        scoreDistribution(params, 'football', { score: s(1, 0), half: null, progress: 0.5 }, 'FT'),
      ),
    )!;
    expect(after).toBeGreaterThan(before + 0.2);
  });

  it('floors offered odds to the cent, never above fair, and withdraws a selection below 1.01', () => {
    expect(offeredOddsBp(0.5, 0.05)).toBe(19_000);
    expect(offeredOddsBp(0.999, 0.05)).toBeNull();
    expect(offeredOddsBp(null, 0.05)).toBeNull();
    expect(offeredOddsBp(1e-9, 0.05)).toBe(5_000_000);
  });
});

describe('collapsed distributions', () => {
  it('price every margin and total market exactly as the full score distribution does', () => {
    const params = sportParams('basketball', 0.4, -0.2);
    const full = scoreDistribution(params, 'basketball', PRE_MATCH, 'FT');
    for (const m of matchMarkets('basketball', params, PRE_MATCH).filter((x) => x.period === 'FT'))
      for (const sel of m.selections) {
        const exact = fairProbability(outcomeChances(m, sel, full));
        const fast = fairProbability(outcomeChances(m, sel, collapse(m.kind, full)));
        expect(fast, `${m.id} ${sel}`).toBeCloseTo(exact!, 12);
      }
  });
});
