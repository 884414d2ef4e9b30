import { useTranslation } from 'react-i18next';
import { useJackpot } from '../hooks/use-jackpot.ts';
import { formatJackpot } from '../lib/jackpot.ts';
import { GameIcon } from './game-icons.tsx';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The jackpot of the hot games section, its digits rolling like a slot reel as it grows. */
export function JackpotCounter() {
  const { t } = useTranslation('games');
  const value = useJackpot();
  const text = formatJackpot(value);
  const chars = text.split('');
  return (
    <div className="jackpot" data-testid="jackpot" data-value={value}>
      <div className="jackpot__glow" aria-hidden="true" />
      <p className="jackpot__label">
        <GameIcon name="coin" size={18} />
        {t('jackpot.title')}
      </p>
      <p className="jackpot__value">
        <span className="sr-only">{text}</span>
        <span className="jackpot__digits" aria-hidden="true">
          {chars.map((ch, i) => {
            // Keyed from the right, so a new leading digit does not re-roll the others.
            const key = chars.length - i;
            if (ch === ',') {
              return (
                <span key={key} className="jackpot__sep">
                  ,
                </span>
              );
            }
            return (
              <span key={key} className="jackpot__digit">
                <span className="jackpot__reel" style={{ transform: `translateY(-${Number(ch) * 10}%)` }}>
                  {DIGITS.map((d) => (
                    <span key={d}>{d}</span>
                  ))}
                </span>
              </span>
            );
          })}
        </span>
      </p>
      <p className="jackpot__note">{t('jackpot.note')}</p>
    </div>
  );
}
