import type { SlotTitle } from './slot-engine.ts';

const CODE = 'slot-neon-fruits';
const symbol = (name: string): string => `houseGames.${CODE}.symbols.${name}`;

/**
 * Neon Fruits: a retro fruit machine in neon; low volatility, sevens pay from two.
 * Strips were tuned so that exactSlotRtp() gives the declared RTP to within 0.01 %; change a
 * strip or a pay and the RTP test says by how much the RTP moved.
 */
export const NEON_FRUITS: SlotTitle = {
  metadata: {
    code: CODE,
    category: 'slots',
    nameKey: `houseGames.${CODE}.name`,
    rtpBasisPoints: 9650,
    minBet: 20n,
    maxBet: 200_000n,
  },
  symbols: {
    W: { kind: 'wild', nameKey: symbol('neonStar'), pays: {} },
    S: { kind: 'scatter', nameKey: symbol('discoBall'), pays: { 3: 2, 4: 5, 5: 25 } },
    A: { kind: 'regular', nameKey: symbol('seven'), pays: { 2: 2, 3: 50, 4: 200, 5: 1000 } },
    B: { kind: 'regular', nameKey: symbol('bell'), pays: { 3: 30, 4: 100, 5: 400 } },
    C: { kind: 'regular', nameKey: symbol('watermelon'), pays: { 3: 20, 4: 60, 5: 250 } },
    D: { kind: 'regular', nameKey: symbol('grape'), pays: { 3: 15, 4: 40, 5: 150 } },
    E: { kind: 'regular', nameKey: symbol('orange'), pays: { 3: 10, 4: 25, 5: 100 } },
    F: { kind: 'regular', nameKey: symbol('plum'), pays: { 3: 8, 4: 20, 5: 80 } },
    G: { kind: 'regular', nameKey: symbol('lemon'), pays: { 3: 6, 4: 15, 5: 60 } },
    H: { kind: 'regular', nameKey: symbol('cherry'), pays: { 3: 5, 4: 12, 5: 50 } },
  },
  reels: [
    'GFCHFCGDASBEHGCFHADGFBECHEFCADGB',
    'HEGDFHDGEBGHEDFWADGWBSHECFHWDGABEFC',
    'SECHEDGFCEHGCFHWDEGBEHDCFWADGWBEHFC',
    'GHFGHEGBEHSBFGWDAGBEHDCFWADGWBEHACF',
    'HGFHGDHGEHGFHWBGDBEHGSFCWAGDBEHWCFA',
  ],
  freeSpins: { 3: 10, 4: 15, 5: 25 },
  freeSpinMultiplier: 2,
};
