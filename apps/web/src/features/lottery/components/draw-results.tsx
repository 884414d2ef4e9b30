import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { lotteryApi, type LotteryDraw } from '../api/lottery-api.ts';
import { checkDraw, verdictHolds, type DrawVerdict } from '../lib/verify.ts';
import { DrawBalls } from './draw-balls.tsx';
import { lotteryKeys, useLotteryGames } from '../hooks/use-lottery-games.ts';
import { ballsOf } from './lottery-game.tsx';
import { GameSelect } from './lottery-filters.tsx';
import { VerifyDrawDialog } from './verify-draw-dialog.tsx';

/** Draws a page lists at first, and the most it lists (the vendor answers up to 100). */
const FIRST = 20;
const MOST = 100;

/** The check anyone can run outside the browser (decision 090), shown under the list. */
const SCRIPT = `const { createHash, createHmac } = require('node:crypto');
function verify(seed, seedHash, drawId) {
  if (createHash('sha256').update(seed).digest('hex') !== seedHash) return 'seed does not match';
  const digits = [];
  let buf = Buffer.alloc(0);
  for (let c = 0; digits.length < 5;) {
    if (buf.length < 4) {
      buf = Buffer.concat([buf, createHmac('sha256', seed).update(\`\${drawId}:0:\${c++}\`).digest()]);
      continue;
    }
    const u = buf.readUInt32BE(0);
    buf = buf.subarray(4);
    if (u < 2 ** 32 - (2 ** 32 % 10)) digits.push(u % 10);
  }
  return digits.join('');
}`;

/** Middle of a long hex cut out: "9402f475…4ac4e1". */
const short = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-8)}` : hex);

/**
 * Results and verification (decision 093): every game's recent draws with their commitment, revealed
 * seed and result, each recomputed here in the browser on demand (or all at once); `drawId` opens that
 * draw's proof (the ticket history links here).
 */
export function DrawResults({
  gameCode,
  drawId,
  onGame,
}: {
  gameCode: string | null;
  drawId: string | null;
  onGame: (gameCode: string) => void;
}) {
  const { t } = useTranslation('pages');
  const games = useLotteryGames();
  const list = (games.data?.games ?? []).filter((g) => g.lane !== 'LOTT');
  const game = gameCode ?? list[0]?.code ?? null;
  const [limit, setLimit] = useState(FIRST);
  const [verdicts, setVerdicts] = useState<Record<string, DrawVerdict>>({});
  const [open, setOpen] = useState<LotteryDraw | null>(null);

  const draws = useQuery({
    queryKey: [...lotteryKeys.draws(game ?? ''), limit],
    queryFn: ({ signal }) => lotteryApi.draws(game!, limit, signal),
    enabled: game !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  // The draw a link asked for: fetched on its own (it may be older than the list) and its proof opened.
  const asked = useQuery({
    queryKey: ['lottery', 'draw', drawId],
    queryFn: ({ signal }) => lotteryApi.draw(drawId!, signal),
    enabled: drawId !== null,
  });
  useEffect(() => {
    if (asked.data) setOpen(asked.data);
  }, [asked.data]);

  const rows = useMemo(() => (draws.data?.draws ?? []).filter((d) => d.seed !== null), [draws.data]);
  const verifyAll = () =>
    setVerdicts((v) => ({ ...v, ...Object.fromEntries(rows.map((d) => [d.drawId, checkDraw(d)])) }));
  const checked = rows.filter((d) => verdicts[d.drawId]);
  const good = checked.filter((d) => verdictHolds(verdicts[d.drawId]!)).length;

  return (
    <div className="lotto-results-page" data-testid="lottery-results-page">
      <div className="card lotto-filters">
        <GameSelect
          fastOnly
          value={game ?? ''}
          onValue={(v) => {
            setLimit(FIRST);
            onGame(v);
          }}
        />
        <p className="muted lotto-filters__lead">{t('lottery.results.lead')}</p>
        <Button size="sm" onClick={verifyAll} disabled={rows.length === 0} data-testid="lottery-verify-all">
          <Icon name="shield" size={16} /> {t('lottery.results.verifyAll')}
        </Button>
      </div>

      <section className="card lotto-panel" aria-labelledby="lotto-draws-title">
        <div className="lotto-panel__head">
          <h3 id="lotto-draws-title">{t('lottery.results.title')}</h3>
          {checked.length > 0 ? (
            <span
              className={good === checked.length ? 'lotto-check lotto-check--ok' : 'lotto-check lotto-check--bad'}
              data-testid="lottery-verify-summary"
            >
              <Icon name={good === checked.length ? 'check' : 'warning'} size={16} />
              {t('lottery.results.summary', { good, count: checked.length })}
            </span>
          ) : null}
        </div>
        <QueryBody
          query={draws}
          failed={t('lottery.results.failed')}
          serverError
          empty={
            rows.length === 0 && (
              <EmptyState icon="lottery" title={t('lottery.noResult')}>
                {t('lottery.results.emptyText')}
              </EmptyState>
            )
          }
        >
          <ul className="lotto-draws" data-testid="lottery-draws">
            {rows.map((d) => {
              const verdict = verdicts[d.drawId];
              return (
                <li key={d.drawId} className="lotto-draw" data-draw={d.drawId} data-status={d.status}>
                  <div className="lotto-draw__when">
                    <strong>{formatDateTime(d.drawsAt)}</strong>
                    <span className="muted mono">{d.drawId}</span>
                  </div>
                  <div className="lotto-draw__result">
                    {d.result ? (
                      <DrawBalls result={d.result} size="sm" label={d.result.join(' ')} {...ballsOf(d.gameCode)} />
                    ) : (
                      <span className="lotto-status lotto-status--refunded">{t('lottery.results.cancelled')}</span>
                    )}
                  </div>
                  <dl className="lotto-draw__proof">
                    <dt>{t('lottery.results.commitment')}</dt>
                    <dd>
                      <code title={d.seedHash}>{short(d.seedHash)}</code>
                    </dd>
                    <dt>{t('lottery.results.seed')}</dt>
                    <dd>
                      <code title={d.seed ?? ''}>{short(d.seed ?? '')}</code>
                    </dd>
                  </dl>
                  <div className="lotto-draw__actions">
                    {verdict ? (
                      <span
                        className={
                          verdictHolds(verdict) ? 'lotto-check lotto-check--ok' : 'lotto-check lotto-check--bad'
                        }
                        data-testid="lottery-draw-verdict"
                      >
                        <Icon name={verdictHolds(verdict) ? 'check' : 'warning'} size={16} />
                        {t(`lottery.results.verdict.${verdict}`)}
                      </span>
                    ) : (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setVerdicts((v) => ({ ...v, [d.drawId]: checkDraw(d) }))}
                      >
                        <Icon name="shield" size={14} /> {t('lottery.verify')}
                      </Button>
                    )}
                    <Button variant="ghost" size="sm" onClick={() => setOpen(d)}>
                      {t('lottery.results.details')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          {limit < MOST && (draws.data?.draws.length ?? 0) >= limit ? (
            <Button variant="ghost" block onClick={() => setLimit(MOST)}>
              {t('lottery.results.more')}
            </Button>
          ) : null}
        </QueryBody>
      </section>

      <details className="card lotto-panel lotto-script">
        <summary>{t('lottery.results.scriptTitle')}</summary>
        <p className="muted">{t('lottery.results.scriptLead')}</p>
        <pre>
          <code>{SCRIPT}</code>
        </pre>
      </details>
      <VerifyDrawDialog draw={open} onClose={() => setOpen(null)} />
    </div>
  );
}
