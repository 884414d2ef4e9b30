import { formatMoney } from '@portal/contracts/money.ts';
import type { TFunction } from 'i18next';

/** A lottery amount as the pages show it: "₩9,800" (no ".00" on whole amounts). */
export const lottoMoney = (minor: string | bigint, currency = 'KRW') =>
  formatMoney(BigInt(minor), currency).replace(/\.00$/, '');

/** A ticket's bet as the player reads it: "Digit 1 · 7", "Sum · Big", "Dragon". */
export function betLabel(t: TFunction<'pages'>, betType: string, selection: string): string {
  const [p, o] = selection.split(':');
  const opt = (x: string) => (/^\d$/.test(x) ? x : t(`lottery.opt.${x}`));
  switch (betType) {
    case 'POS_DIGIT':
    case 'POS_BIG_SMALL':
    case 'POS_ODD_EVEN':
      return `${t('lottery.position', { n: p })} · ${opt(o ?? '')}`;
    case 'SUM_BIG_SMALL':
    case 'SUM_ODD_EVEN':
    case 'K3_BIG_SMALL':
    case 'K3_ODD_EVEN':
      return `${t('lottery.sum')} · ${opt(selection)}`;
    case 'K3_SUM':
      return t('lottery.k3.sumOf', { n: selection });
    case 'K3_SINGLE':
      return `${t('lottery.k3.single')} · ${selection}`;
    case 'K3_PAIR':
      return `${t('lottery.k3.pair')} · ${selection}${selection}`;
    case 'K3_TRIPLE':
      return `${t('lottery.k3.triple')} · ${selection}${selection}${selection}`;
    case 'K3_ANY_TRIPLE':
      return t('lottery.k3.anyTriple');
    case 'RACE_POS':
      return `${t('lottery.race.place', { n: p })} · ${t('lottery.race.car', { n: o })}`;
    case 'RACE_POS_BIG_SMALL':
    case 'RACE_POS_ODD_EVEN':
      return `${t('lottery.race.place', { n: p })} · ${opt(o ?? '')}`;
    case 'RACE_DRAGON_TIGER':
      return `${t('lottery.race.versus', { a: p, b: 11 - Number(p) })} · ${opt(o ?? '')}`;
    case 'RACE_TOP2_SUM':
      return t('lottery.race.top2Of', { n: selection });
    default:
      return opt(selection);
  }
}

/** Decimal odds from basis points: 19 600 → "1.96". */
export const oddsText = (bp: number) => String(Number((bp / 10_000).toFixed(2)));

/** The draw's time of day, from its id's UTC minute, shown in the viewer's time zone. */
export function drawLabel(drawsAt: string): string {
  const d = new Date(drawsAt);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** A draw's instant from its id (`…-YYYYMMDDHHmm`, the draw's UTC minute); null if the id carries none. */
export function drawInstantFromId(drawId: string): string | null {
  const m = /(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(drawId);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!)).toISOString() : null;
}

/** A draw's time from its id, in the viewer's time zone. */
export function drawTimeFromId(drawId: string): string {
  const at = drawInstantFromId(drawId);
  return at ? drawLabel(at) : drawId;
}
