import { keepSocketOpen } from '@portal/contracts/realtime/kept-socket.ts';
import { LIVE_CLOSE } from '@portal/contracts/realtime/live-channel.contract.ts';
import {
  readSupportEvent,
  SUPPORT_LIMITS,
  SUPPORT_SOCKET_PATH,
  type SupportThread,
} from '@portal/contracts/support/support.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { addMessage, supportKeys, type SupportIdentity } from '../api/support-api.ts';

/**
 * The support socket (`/ws/support`) while the window has someone to chat as: staff's messages, their
 * typing, their read receipts and changes of the conversation arrive here. Answers whether staff are
 * typing now. After a reconnect the thread is read again, in case events were missed.
 */
export function useSupportSocket(who: SupportIdentity | null): { staffTyping: boolean; connected: boolean } {
  const qc = useQueryClient();
  const [typingUntil, setTypingUntil] = useState(0);
  const [connected, setConnected] = useState(false);
  const [, tick] = useState(0);
  const kind = who?.kind;
  const token = who?.token;

  useEffect(() => {
    if (!kind || !token) return;
    const identity: SupportIdentity = { kind, token };
    const key = supportKeys.thread(identity);
    return keepSocketOpen(SUPPORT_SOCKET_PATH, {
      hello: () => (kind === 'member' ? { type: 'auth', token } : { type: 'auth', guestToken: token }),
      final: [LIVE_CLOSE.notSignedIn, LIVE_CLOSE.passwordChange],
      read: readSupportEvent,
      onClose: () => setConnected(false),
      onReady: (reconnected) => {
        setConnected(true);
        if (reconnected) void qc.invalidateQueries({ queryKey: key });
      },
      onEvent: (event) => {
        if (event.type === 'message') {
          const holder = qc.getQueryData<SupportThread>(key)?.conversation?.staffName;
          if (event.message.author === 'STAFF') setTypingUntil(0);
          if (!addMessage(qc, identity, event.message)) void qc.invalidateQueries({ queryKey: key });
          // A first answer, a hand-over or a close changes who answers or whether the chat is open.
          if (
            event.message.author === 'SYSTEM' ||
            (event.message.author === 'STAFF' && event.message.staffName !== holder)
          )
            void qc.invalidateQueries({ queryKey: key });
        } else if (event.type === 'typing' && event.by === 'STAFF') {
          setTypingUntil(Date.now() + SUPPORT_LIMITS.typingShowsMs);
        } else if (event.type === 'read' && event.by === 'STAFF') {
          qc.setQueryData<SupportThread>(key, (old) =>
            old?.conversation?.id === event.conversationId
              ? { ...old, conversation: { ...old.conversation, staffReadUpTo: event.upTo } }
              : old,
          );
        } else if (event.type === 'conversation') {
          void qc.invalidateQueries({ queryKey: key });
        }
      },
    });
  }, [kind, token, qc]);

  // The indicator goes away by itself when no new "typing" arrives.
  useEffect(() => {
    if (typingUntil <= Date.now()) return;
    const timer = setTimeout(() => tick((n) => n + 1), typingUntil - Date.now() + 10);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  return { staffTyping: typingUntil > Date.now(), connected };
}
