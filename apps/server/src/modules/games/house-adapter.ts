import type { GameCategory } from '@portal/contracts/limits.ts';
import { HOUSE_GAMES } from '@portal/house-vendor/games/game-registry.ts';
import type { HouseGameCategory } from '@portal/house-vendor/games/game-metadata.ts';
import { SLOT_LINE_COUNT } from '@portal/house-vendor/games/slot/slot-paylines.ts';
import type { VendorGame as CatalogueGame } from './catalogue.repository.ts';
import { type VendorAdapter, webPageVendorAdapter } from './vendor-adapter.ts';

export const HOUSE_VENDOR_ID = 'HOUSE';

const CATEGORY: Record<HouseGameCategory, GameCategory> = { slots: 'RNG', mini: 'MINI', live: 'LIVE', fish: 'FISH' };
const CLASSIFY: Record<string, string> = {
  'mini-dice': 'DICE',
  'mini-mines': 'MINES',
  'mini-limbo': 'CRASH',
  'rng-baccarat': 'BACCARAT',
  'fish-ocean-bounty': 'SHOOTER',
};

/** The catalogue's names of the house games; the engines carry i18n keys only. */
const NAMES: Record<string, Record<'ko' | 'en' | 'zh', string>> = {
  'slot-aurora-gems': { ko: '오로라 젬스', en: 'Aurora Gems', zh: '极光宝石' },
  'slot-dragon-lantern': { ko: '드래곤 랜턴', en: 'Dragon Lantern', zh: '龙灯' },
  'slot-neon-fruits': { ko: '네온 프루츠', en: 'Neon Fruits', zh: '霓虹水果' },
  'mini-dice': { ko: '오로라 다이스', en: 'Aurora Dice', zh: '极光骰子' },
  'mini-mines': { ko: '마인즈', en: 'Mines', zh: '扫雷' },
  'mini-limbo': { ko: '림보', en: 'Limbo', zh: '林波' },
  'rng-baccarat': { ko: '오로라 바카라', en: 'Aurora Baccarat', zh: '极光百家乐' },
  'fish-ocean-bounty': { ko: '오션 바운티', en: 'Ocean Bounty', zh: '海洋赏金' },
};

/** The house games as the catalogue lists them, in the vendor's order; all are hot on a new site. */
export function houseCatalogue(): CatalogueGame[] {
  return HOUSE_GAMES.map(({ metadata: m }, sort) => ({
    gameCode: m.code,
    gameType: CATEGORY[m.category],
    gameClassify: CLASSIFY[m.code] ?? (m.category === 'slots' ? 'VIDEO_SLOT' : null),
    names: NAMES[m.code] ?? { ko: m.code, en: m.code, zh: m.code },
    iconUrl: `/assets/games/${m.code}.svg`,
    // 0: the card offers a free trial beside play (spec §2).
    supportPlay: 0,
    rtpBasisPoints: m.rtpBasisPoints,
    minBet: m.minBet,
    lineNum: m.category === 'slots' ? SLOT_LINE_COUNT : null,
    isHot: true,
    sort,
  }));
}

/** The operator's adapter for the in-process house vendor: its game client is the web app's /play page. */
export function houseAdapter(vendor?: { endSessions(playerId: string): Promise<void> }): VendorAdapter {
  return webPageVendorAdapter({
    vendorId: HOUSE_VENDOR_ID,
    vendor,
    games: () =>
      houseCatalogue().map((g) => ({
        gameCode: g.gameCode,
        gameType: g.gameType,
        name: g.names.en ?? g.gameCode,
        supportsDemo: true,
      })),
    page: (gameCode) => `/play/${encodeURIComponent(gameCode)}`,
  });
}
