import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { ChatRoom } from '../../features/chat-room/components/chat-room.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /chatRoom: the public chat room (spec §1 "chat room and live support"), beside the help centre. */
export function ChatRoomScreen() {
  const { t } = useTranslation('support');
  useScreenTitle(t('room.title'));
  return (
    <div className="page page--chat-room">
      <PageHero icon="chat" title={t('room.title')} eyebrow={t('room.eyebrow')} tone="teal">
        {t('room.lead')}
      </PageHero>
      <ChatRoom />
    </div>
  );
}
