import '../../styles/support.css';
import { LIVE_CHAT_BUILT_IN_PATH } from '@portal/contracts/support/support.contract.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { isSafeCustomerServiceUrl } from '../../features/site/lib/customer-service.ts';
import { useLiveChatLaunch } from '../../features/support/api/support-api.ts';
import { SupportChat } from '../../features/support/components/support-chat.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** The header colour the launch asks for: the site's violet in either theme. */
const HEADER_COLOR = '#6a4dfa';

/**
 * /livechat: what the customer-service window opens. It asks the live chat launch call (spec §7)
 * where the chat is, then shows the built-in one or hands the window to the outside chat product.
 */
export function LiveChatLaunchScreen() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const launch = useLiveChatLaunch({ headerColor: HEADER_COLOR, title: t('title') });
  useScreenTitle(t('title'));
  const chatUrl = launch.data?.chatUrl;
  useEffect(() => {
    if (!chatUrl) return;
    if (chatUrl.startsWith(`${LIVE_CHAT_BUILT_IN_PATH}?`) || chatUrl === LIVE_CHAT_BUILT_IN_PATH)
      void navigate(chatUrl, { replace: true });
    else if (isSafeCustomerServiceUrl(chatUrl)) window.location.replace(chatUrl);
  }, [chatUrl, navigate]);
  return (
    <main id="main" className="support-window support-window--center">
      <h1 className="sr-only">{t('title')}</h1>
      {launch.isError ? (
        <div className="support-launch" role="alert">
          <p>{t('launchFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void launch.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <span className="spinner" aria-label={t('opening')} />
      )}
    </main>
  );
}

/** /livechat/chat: the built-in live support, as the launch call's chatUrl names it. */
export function LiveChatScreen() {
  const { t } = useTranslation('support');
  const [search] = useSearchParams();
  useScreenTitle(search.get('title') || t('title'));
  return (
    <main id="main" className="support-window">
      <SupportChat headerColor={search.get('headerColor')} title={search.get('title')} />
    </main>
  );
}
