import type { Banner } from '@portal/contracts/content/content.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCountryCodes, useMemberInfo, useRegistrationRules } from '../../features/auth/api/auth-api.ts';
import type { AuthMode } from '../../features/auth/components/auth-popup.tsx';
import { forgotTabs } from '../../features/auth/lib/forgot-tabs.ts';
import { useAccountFlow } from '../../features/auth/hooks/account-flow-context.ts';
import { useAnnouncements, useSignedInPopups } from '../../features/content/api/use-announcements.ts';
import { BannerSlider, HOME_BANNER_GROUP } from '../../features/content/components/banner-slider.tsx';
import { NoticeMarquee } from '../../features/content/components/notice-marquee.tsx';
import { useGameVendors } from '../../features/games/api/use-game-vendors.ts';
import { EntranceTiles } from '../../features/games/components/entrance-tiles.tsx';
import { HotGames } from '../../features/games/components/hot-games.tsx';
import { SlotsSection } from '../../features/games/components/slots-section.tsx';
import { VendorShowcase } from '../../features/games/components/vendor-showcase.tsx';
import { vendorsOf } from '../../features/games/lib/vendor-lanes.ts';
import { useWinnerBoard } from '../../features/lobby/api/use-winner-board.ts';
import { AnnouncementBoard } from '../../features/lobby/components/announcement-board.tsx';
import { WinnerBoard } from '../../features/lobby/components/winner-board.tsx';
import { sectionTitleFor } from '../../features/lobby/lib/section-title.ts';
import { usePermission, useSetRegister, useWhitelabelMenu } from '../../features/site/api/site-queries.ts';
import { useImageUrl } from '../../lib/image-host.tsx';
import { lazyComponent } from '../../lib/lazy-component.tsx';
import { RenderLater } from '../../lib/render-later.tsx';
import { useSessionToken } from '../../lib/session.ts';
import { useLayout } from '../layouts/layout-context.ts';
import { useScreenTitle } from '../use-screen-title.ts';
import { GamePlayScope } from './game-play-scope.tsx';

// The sign-in and registration forms load with /login and /register, not with the home page (decision 040).
// The contract popup loads only for a signed-in agent.
const ContractPopup = lazyComponent(() =>
  import('../../features/agent/components/contract-popup.tsx').then((m) => m.ContractPopup),
);
// The announcement popup (with the HTML sanitizer) loads when there is one to show (decision 044).
const HomePopup = lazyComponent(() =>
  import('../../features/content/components/home-popup.tsx').then((m) => m.HomePopup),
);
const AuthPopup = lazyComponent(() => import('../../features/auth/components/auth-popup.tsx').then((m) => m.AuthPopup));

function followBanner(banner: Banner, navigate: (to: string) => void) {
  if (banner.linkageType === 'INTERNAL' && banner.url.startsWith('/')) navigate(banner.url);
  else if (banner.linkageType === 'EXTERNAL' && /^https?:\/\//.test(banner.url))
    window.open(banner.url, '_blank', 'noopener,noreferrer');
}

/** Home (/, /index, /index.html, /home); /login and /register open their popup over it. */
export function HomeScreen({ auth }: { auth?: AuthMode }) {
  const { t } = useTranslation('home');
  const { t: tg } = useTranslation('games');
  const navigate = useNavigate();
  const layout = useLayout();
  const imageUrl = useImageUrl();
  const permission = usePermission();
  const menu = useWhitelabelMenu();
  const content = useAnnouncements();
  const vendors = useGameVendors();
  const winners = useWinnerBoard();
  const loggedIn = useSessionToken() !== null;
  const member = useMemberInfo();
  const location = useLocation();
  const flow = useAccountFlow();
  const setRegister = useSetRegister();
  const countries = useCountryCodes(auth !== undefined);
  const rules = useRegistrationRules(auth === 'register');
  const siteName = permission.data?.whitelabel.siteName ?? '';
  useScreenTitle(auth ? t(`auth:${auth}.title`) : t('title'));

  // The announcement popup: a guest's (execution B, with the home feed), or a signed-in visitor's (A, and F
  // on a first sign-in). Not over a sign-in or registration form.
  const userPopups = useSignedInPopups(member.data?.firstTimeLogin === true);
  const popups = loggedIn ? userPopups : content.data?.popups;

  const banners = (content.data?.banners ?? []).filter((b) => b.groupName === HOME_BANNER_GROUP);
  const flags: Partial<Record<string, boolean>> = menu.data?.flags ?? {};

  return (
    <div className="home">
      <h1 className="sr-only">{t('heading', { site: siteName })}</h1>
      <NoticeMarquee notices={content.data?.notices ?? []} onOpen={(id) => layout.openNotices(id)} />
      <BannerSlider
        banners={banners}
        loggedIn={loggedIn}
        onRequireLogin={() => navigate('/login')}
        onFollow={(b) => followBanner(b, navigate)}
      />
      <section className="home-section" aria-labelledby="entrances-title">
        <h2 id="entrances-title" className="sr-only">
          {t('sections.entrances')}
        </h2>
        <EntranceTiles />
      </section>
      <GamePlayScope>
        <HotGames title={tg(`sections.${sectionTitleFor(location.pathname)}`)} />
        {/* Below the first screen: mounted in a task of its own just after it (decision 108). */}
        <RenderLater>
          <SlotsSection vendors={vendorsOf(vendors.data?.lanes, 'RNG')} title={tg('sections.slots')} />
        </RenderLater>
      </GamePlayScope>
      <RenderLater>
        <div className="home-section boards">
          <WinnerBoard winners={winners.data?.list ?? []} loading={winners.isPending} />
          <AnnouncementBoard
            notices={content.data?.notices ?? []}
            loading={content.isPending}
            onOpen={(id) => layout.openNotices(id)}
          />
        </div>
        <VendorShowcase lanes={vendors.data?.lanes} loading={vendors.isPending} />
      </RenderLater>
      {loggedIn && auth === undefined && member.data?.isAgent === true ? <ContractPopup enabled /> : null}
      {auth === undefined && popups && popups.length > 0 ? (
        <HomePopup
          user={loggedIn ? 'USER' : 'ANONYMOUS'}
          popups={popups}
          onRewardCentre={() => navigate(loggedIn ? '/member?page=rewardCenter' : '/login')}
        />
      ) : null}
      {auth ? (
        <AuthPopup
          mode={auth}
          siteName={siteName}
          bannerUrl={banners[0] ? imageUrl(banners[0].imageUrl) : undefined}
          countries={countries.data ?? []}
          rules={rules.data}
          registerSettings={{
            smsVerification: setRegister.data?.smsVerification ?? flags.SMS_VERIFICATION === true,
            minimumAge: setRegister.data?.minimumAge ?? LIMITS.minimumAgeDefault,
            affiliateCheck: setRegister.data?.affiliateCheck ?? true,
          }}
          onSignedIn={(result) => flow.completeSignIn(result)}
          onForgot={
            forgotTabs({ verif: flags.CHNGPASSVERIF3 === true, mail: flags.CHNGPASSMAIL3 === true }).length > 0
              ? () => {
                  void navigate('/', { replace: true });
                  flow.openForgot();
                }
              : undefined
          }
          flags={{
            smsLogin: flags.SMS_LOGIN === true,
            freePlay: flags.FREE_PLAY === true,
            directRegister: permission.data?.register.direct ?? flags.DIRECT_REGISTER === true,
            mobileRegister: permission.data?.register.mobile ?? flags.MOBILE_REGISTER === true,
          }}
          onClose={() => navigate('/')}
        />
      ) : null}
    </div>
  );
}
