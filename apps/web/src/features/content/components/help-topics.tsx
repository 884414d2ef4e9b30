import type { Notice } from '@portal/contracts/content/content.contract.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';

/** Help topics (announcement type H) as an accordion; the first one starts open. */
export function HelpTopics({ topics, loading }: { topics: Notice[]; loading: boolean }) {
  const { t } = useTranslation('pages');
  if (loading) return <div className="skeleton skeleton--block" aria-hidden="true" />;
  if (topics.length === 0) return <EmptyState icon="help" title={t('help.empty')} />;
  return (
    <ul className="help-topics" data-testid="help-topics">
      {topics.map((topic, i) => (
        <li key={topic.id}>
          <details className="help-topic" open={i === 0}>
            <summary>
              <span className="help-topic__num">{String(i + 1).padStart(2, '0')}</span>
              <span className="help-topic__title">{topic.title}</span>
              <Icon name="chevronDown" size={18} className="help-topic__chev" />
            </summary>
            <p>{topic.content}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
