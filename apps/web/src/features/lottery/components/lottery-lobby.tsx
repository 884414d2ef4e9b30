import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { DrawBalls } from './draw-balls.tsx';
import { useLotteryGames, useSecondTick } from '../hooks/use-lottery-games.ts';
import { ballsOf, Countdown } from './lottery-game.tsx';

/** Every lottery game with its next draw's countdown and its last result. */
export function LotteryLobby() {
  const { t } = useTranslation('pages');
  const games = useLotteryGames();
  const now = useSecondTick();
  const offsetMs = games.data?.offsetMs ?? 0;
  return (
    <ul className="lotto-lobby" data-testid="lottery-lobby">
      {(games.data?.games ?? [])
        .filter((g) => g.lane !== 'LOTT')
        .map((g) => (
          <li key={g.code} className="card lotto-lobby__card">
            <img src={`/assets/games/${g.code}.svg`} alt="" className="lotto-lobby__art" width={72} height={96} />
            <div className="lotto-lobby__body">
              <h2>{t(`lottery.games.${g.code}`, { defaultValue: g.code })}</h2>
              <Countdown draw={g.current} offsetMs={offsetMs} now={now} />
              <div className="lotto-lobby__last">
                <span className="muted">{t('lottery.lastResult')}</span>
                {g.last ? (
                  <DrawBalls
                    result={g.last.result}
                    size="sm"
                    label={g.last.result?.join(' ') ?? ''}
                    {...ballsOf(g.code)}
                  />
                ) : (
                  <span className="muted">{t('lottery.noResult')}</span>
                )}
              </div>
            </div>
            <ButtonLink to={`/lottery?gameCode=${g.code}`} data-testid={`lottery-play-${g.code}`}>
              {t('lottery.play')}
            </ButtonLink>
          </li>
        ))}
    </ul>
  );
}
