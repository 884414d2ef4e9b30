import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { DrawResults } from './draw-results.tsx';
import { LotteryLobby } from './lottery-lobby.tsx';
import { TicketHistory } from './ticket-history.tsx';

const HUB_TABS = ['games', 'tickets', 'results'] as const;
type HubTab = (typeof HUB_TABS)[number];

/**
 * /lottery without a game: the games (each with its countdown and last result), my tickets of every
 * game, and the results with their proofs. The tab is in the address (`?tab=`), so a link opens it.
 */
export function LotteryHub() {
  const { t } = useTranslation('pages');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: HubTab = HUB_TABS.find((x) => x === asked) ?? 'games';
  const show = (next: HubTab, extra: Record<string, string> = {}) =>
    setSearch(next === 'games' ? {} : { tab: next, ...extra });
  return (
    <div className="lotto-hub">
      <Tabs
        items={HUB_TABS.map((key) => ({ key, label: t(`lottery.hub.${key}`) }))}
        active={tab}
        onChange={(next) => show(next)}
        label={t('lottery.lottery')}
        idPrefix="lotto-hub"
      />
      <div id="lotto-hub-panel" role="tabpanel" aria-labelledby={`lotto-hub-tab-${tab}`} className="lotto-hub__panel">
        {tab === 'tickets' ? (
          <TicketHistory />
        ) : tab === 'results' ? (
          <DrawResults
            gameCode={search.get('game')}
            drawId={search.get('draw')}
            onGame={(game) => show('results', { game })}
          />
        ) : (
          <LotteryLobby />
        )}
      </div>
    </div>
  );
}
