import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { MemberGate } from '../../features/auth/components/member-gate.tsx';
import { MemberCentre, isMemberPage } from '../../features/member/components/member-centre.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /member (lazy group MemberCenter): the member centre, header only. `?page=` picks the page. */
export function MemberScreen() {
  const { t } = useTranslation('pages');
  const [search, setSearch] = useSearchParams();
  const raw = search.get('page');
  const page = isMemberPage(raw) ? raw : 'securityCenter';
  useScreenTitle(t('member.title'));
  return (
    <div className="page">
      <PageHero icon="user" title={t('member.title')} eyebrow={t('member.eyebrow')} />
      <MemberGate>{() => <MemberCentre page={page} onSelect={(p) => setSearch({ page: p })} />}</MemberGate>
    </div>
  );
}
