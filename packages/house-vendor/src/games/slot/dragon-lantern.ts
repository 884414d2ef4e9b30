import type { SlotTitle } from './slot-engine.ts';

const CODE = 'slot-dragon-lantern';
const symbol = (name: string): string => `houseGames.${CODE}.symbols.${name}`;

/**
 * Dragon Lantern: a lantern festival; high volatility, paying wilds on every reel and ×3 free spins.
 * Strips were tuned so that exactSlotRtp() gives the declared RTP to within 0.01 %; change a
 * strip or a pay and the RTP test says by how much the RTP moved.
 */
export const DRAGON_LANTERN: SlotTitle = {
  metadata: {
    code: CODE,
    category: 'slots',
    nameKey: `houseGames.${CODE}.name`,
    rtpBasisPoints: 9550,
    minBet: 20n,
    maxBet: 200_000n,
  },
  symbols: {
    W: { kind: 'wild', nameKey: symbol('dragon'), pays: { 3: 100, 4: 500, 5: 5000 } },
    S: { kind: 'scatter', nameKey: symbol('lantern'), pays: { 3: 5, 4: 20, 5: 100 } },
    A: { kind: 'regular', nameKey: symbol('phoenix'), pays: { 3: 75, 4: 300, 5: 1500 } },
    B: { kind: 'regular', nameKey: symbol('koi'), pays: { 3: 50, 4: 200, 5: 800 } },
    C: { kind: 'regular', nameKey: symbol('tiger'), pays: { 3: 40, 4: 150, 5: 500 } },
    D: { kind: 'regular', nameKey: symbol('goldIngot'), pays: { 3: 25, 4: 100, 5: 300 } },
    E: { kind: 'regular', nameKey: symbol('jadeCoin'), pays: { 3: 10, 4: 40, 5: 150 } },
    F: { kind: 'regular', nameKey: symbol('drum'), pays: { 3: 10, 4: 30, 5: 120 } },
    G: { kind: 'regular', nameKey: symbol('fan'), pays: { 3: 5, 4: 25, 5: 100 } },
    H: { kind: 'regular', nameKey: symbol('firecracker'), pays: { 3: 5, 4: 20, 5: 80 } },
  },
  reels: [
    'GFDGFHGDFGBSGECGFHDGEBGHECFBDWGDBEHACF',
    'EGFHEFGCFGEHGCFHWDEGBESHCFDWAGDBEHWCFA',
    'SGHFGDHGDEHGFHEFDGFDEHGCFHEDGWBEHGCFDA',
    'HFGHFGHFEHGSHFADGHBEHBCFEWDGABEHGCFDWA',
    'FHGFHGBEHDCFHADGFBECHESFADGCBEHBCFGWDA',
  ],
  freeSpins: { 3: 8, 4: 12, 5: 20 },
  freeSpinMultiplier: 3,
};
