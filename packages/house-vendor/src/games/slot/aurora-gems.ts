import type { SlotTitle } from './slot-engine.ts';

const CODE = 'slot-aurora-gems';
const symbol = (name: string): string => `houseGames.${CODE}.symbols.${name}`;

/**
 * Aurora Gems: gem symbols under northern lights; medium volatility, wilds on the middle reels.
 * Strips were tuned so that exactSlotRtp() gives the declared RTP to within 0.01 %; change a
 * strip or a pay and the RTP test says by how much the RTP moved.
 */
export const AURORA_GEMS: SlotTitle = {
  metadata: {
    code: CODE,
    category: 'slots',
    nameKey: `houseGames.${CODE}.name`,
    rtpBasisPoints: 9600,
    minBet: 20n,
    maxBet: 200_000n,
  },
  symbols: {
    W: { kind: 'wild', nameKey: symbol('aurora'), pays: {} },
    S: { kind: 'scatter', nameKey: symbol('comet'), pays: { 3: 2, 4: 10, 5: 50 } },
    A: { kind: 'regular', nameKey: symbol('diamond'), pays: { 3: 50, 4: 200, 5: 1000 } },
    B: { kind: 'regular', nameKey: symbol('ruby'), pays: { 3: 40, 4: 150, 5: 600 } },
    C: { kind: 'regular', nameKey: symbol('emerald'), pays: { 3: 30, 4: 100, 5: 400 } },
    D: { kind: 'regular', nameKey: symbol('sapphire'), pays: { 3: 20, 4: 80, 5: 300 } },
    E: { kind: 'regular', nameKey: symbol('amethyst'), pays: { 3: 10, 4: 40, 5: 150 } },
    F: { kind: 'regular', nameKey: symbol('topaz'), pays: { 3: 10, 4: 30, 5: 120 } },
    G: { kind: 'regular', nameKey: symbol('opal'), pays: { 3: 8, 4: 25, 5: 100 } },
    H: { kind: 'regular', nameKey: symbol('pearl'), pays: { 3: 8, 4: 20, 5: 80 } },
  },
  reels: [
    'GEFGEFGEFGSEHGEFHGDFGBEHDCFHADGCBE',
    'HFEHFGHDFHEGHCFDWAGDBESHCFWADGWBEHACF',
    'SHCFHCGHEBHECFHWDGABEHGCFDWAGDBEHWCFA',
    'FHGFDGFDEHFSHFWDGAEBHECFGWDAGBEHDCFWA',
    'HFGDHGDEHFCHFADGEBGHSCFEADGABEHDCF',
  ],
  freeSpins: { 3: 10, 4: 15, 5: 20 },
  freeSpinMultiplier: 2,
};
