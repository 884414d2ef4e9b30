import type { SlotTitle } from '@portal/house-vendor/games/slot/slot-engine.ts';
import { SLOT_LINE_COUNT, SLOT_PAYLINES } from '@portal/house-vendor/games/slot/slot-paylines.ts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/ui/modal.tsx';
import { formatMinor, formatMoney } from '../../lib/money.ts';
import { SymbolIcon } from './slot-art.tsx';

/** What each symbol pays at the current stake, the wild and scatter rules, and the 20 lines. */
export function PaytableDialog({
  open,
  onClose,
  title,
  bet,
  currency,
}: {
  open: boolean;
  onClose: () => void;
  title: SlotTitle;
  bet: string;
  currency: string;
}) {
  const { t } = useTranslation('house');
  const { t: tc } = useTranslation();
  const code = title.metadata.code;
  const stake = BigInt(bet);
  const symbols = Object.entries(title.symbols).sort(([, a], [, b]) => {
    const order = { wild: 0, scatter: 1, regular: 2 };
    return order[a.kind] - order[b.kind] || (b.pays[5] ?? 0) - (a.pays[5] ?? 0);
  });
  const amount = (id: string, count: number, times: number) =>
    formatMinor(
      title.symbols[id]!.kind === 'scatter' ? stake * BigInt(times) : (stake * BigInt(times)) / BigInt(SLOT_LINE_COUNT),
    );
  const freeCounts = Object.entries(title.freeSpins);
  return (
    <Modal
      open={open}
      title={t('paytable.title', { name: t(`games.${code}`) })}
      closeLabel={tc('actions.close')}
      onClose={onClose}
      size="lg"
    >
      <div className={`hg-paytable hg-slot--${code}`} data-testid="paytable">
        <p className="hg-hint">{t('paytable.lead', { lines: SLOT_LINE_COUNT, stake: formatMoney(stake, currency) })}</p>
        <ul className="hg-paytable__grid">
          {symbols.map(([id, symbol]) => {
            const pays = Object.entries(symbol.pays).sort(([a], [b]) => Number(b) - Number(a));
            return (
              <li key={id} className={`hg-paytable__item hg-paytable__item--${symbol.kind}`}>
                <SymbolIcon code={code} symbol={id} className="hg-paytable__art" />
                <div>
                  <strong>{t(`symbols.${code}.${id}`)}</strong>
                  {symbol.kind === 'wild' ? <p className="hg-hint">{t('paytable.wild')}</p> : null}
                  {symbol.kind === 'scatter' ? (
                    <p className="hg-hint">
                      {t('paytable.scatter', {
                        spins: freeCounts.map(([n, s]) => `${n}→${s}`).join(' · '),
                        multiplier: title.freeSpinMultiplier,
                      })}
                    </p>
                  ) : null}
                  <dl className="hg-paytable__pays">
                    {pays.map(([count, times]) => (
                      <div key={count}>
                        <dt>{count}×</dt>
                        <dd>{amount(id, Number(count), times ?? 0)}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </li>
            );
          })}
        </ul>
        <h3 className="hg-paytable__h">{t('paytable.lines', { count: SLOT_LINE_COUNT })}</h3>
        <ol className="hg-paytable__lines">
          {SLOT_PAYLINES.map((rows, i) => (
            <li key={i}>
              <svg viewBox="0 0 50 30" aria-label={t('paytable.lineN', { n: i + 1 })}>
                {rows.map((row, reel) =>
                  [0, 1, 2].map((r) => (
                    <rect
                      key={`${reel}-${r}`}
                      x={reel * 10 + 1}
                      y={r * 10 + 1}
                      width="8"
                      height="8"
                      rx="1.5"
                      className={r === row ? 'on' : 'off'}
                    />
                  )),
                )}
              </svg>
              <span>{i + 1}</span>
            </li>
          ))}
        </ol>
        <p className="hg-hint">{t('paytable.rtp', { value: (title.metadata.rtpBasisPoints / 100).toFixed(2) })}</p>
      </div>
    </Modal>
  );
}
