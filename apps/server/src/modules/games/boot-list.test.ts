import type { GameCard } from '@portal/contracts/games/games.contract.ts';
import { describe, expect, it } from 'vitest';
import { BOOT_LIST_SIZE, withBootList } from './boot-list.ts';

const PAGE = '<html><head></head><body><div id="root"><div class="boot-loader"></div></div></body></html>';
const game = (n: number, over: Partial<GameCard> = {}): GameCard => ({
  nodeId: n,
  vassalage: 'house',
  vendorName: 'Aurora Originals',
  vendorLogoUrl: '/assets/vendors/house.svg',
  gameCode: `g${n}`,
  gameType: 'RNG',
  gameClassify: null,
  isGame: 'GAME',
  iconUrl: `/assets/games/g${n}.svg`,
  showIcon: true,
  roomId: null,
  type: 1,
  accountTypeId: 1,
  displayName: `Game ${n}`,
  gameName: `Game ${n}`,
  supportPlay: 0,
  rtpBasisPoints: 9600,
  minBet: null,
  lineNum: null,
  isHot: false,
  status: 'LIVE',
  ...over,
});

describe('a game list page written with its first pictures', () => {
  it('puts the first pictures in the game grid at the start of the app root, the first row asked for first', () => {
    const html = withBootList(PAGE, [game(1), game(2), game(3), game(4)]);
    expect(html).toMatch(/^<html><head><\/head><body><div id="root"><div class="boot-list" aria-hidden="true">/);
    expect(html).toContain('<ul class="game-grid game-grid--md boot-list__grid">');
    expect(html.match(/<img /g)).toHaveLength(4);
    expect(html).toContain(
      '<img class="game-card__image" src="/assets/games/g1.svg" alt="" width="300" height="400" fetchpriority="high">',
    );
    expect(html).toContain('<img class="game-card__image" src="/assets/games/g4.svg" alt="" width="300" height="400">');
    expect(html).toContain('<div class="boot-loader">');
  });

  it('writes at most a first row of a wide screen, and skips games without a picture to show', () => {
    const games = [
      game(1, { showIcon: false }),
      game(2, { iconUrl: '' }),
      ...Array.from({ length: 20 }, (_, i) => game(10 + i)),
    ];
    const html = withBootList(PAGE, games);
    expect(html.match(/<img /g)).toHaveLength(BOOT_LIST_SIZE);
    expect(html).not.toContain('g1.svg');
    expect(html).toContain('/assets/games/g10.svg');
  });

  it('escapes an operator-written address so it cannot leave the attribute', () => {
    const html = withBootList(PAGE, [game(1, { iconUrl: '/a.svg"><script>alert(1)</script>' })]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('src="/a.svg&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('leaves the page as it is when the list has nothing to show', () => {
    expect(withBootList(PAGE, [])).toBe(PAGE);
    expect(withBootList(PAGE, [game(1, { showIcon: false })])).toBe(PAGE);
  });
});
