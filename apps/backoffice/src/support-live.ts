import { keepSocketOpen } from '@portal/contracts/realtime/kept-socket.ts';
import { SUPPORT_STAFF_SOCKET_PATH } from '@portal/contracts/backoffice/support.contract.ts';
import { readSupportEvent, SUPPORT_LIMITS, type SupportMessage } from '@portal/contracts/support/support.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The console's support socket (`/api/bo/support/live`, admitted by the staff session cookie): every
 * conversation's new messages, typing, read receipts and changes. Keeps the queue and the open
 * conversation fresh, and answers until when each player is typing.
 */
export function useSupportLive(openId: string | null): { connected: boolean; playerTyping: Record<string, number> } {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  const [playerTyping, setPlayerTyping] = useState<Record<string, number>>({});
  const [, tick] = useState(0);

  useEffect(() => {
    return keepSocketOpen(SUPPORT_STAFF_SOCKET_PATH, {
      read: readSupportEvent,
      onClose: () => setConnected(false),
      onReady: (reconnected) => {
        setConnected(true);
        if (reconnected) void qc.invalidateQueries({ queryKey: ['support'] });
      },
      onEvent: (event) => {
        if (event.type === 'typing') {
          if (event.by === 'PLAYER')
            setPlayerTyping((t) => ({ ...t, [event.conversationId]: Date.now() + SUPPORT_LIMITS.typingShowsMs }));
          return;
        }
        const conversationId = event.type === 'message' ? event.message.conversationId : event.conversationId;
        if (event.type === 'message') {
          setPlayerTyping((t) => ({ ...t, [conversationId]: 0 }));
          qc.setQueryData<{ messages: SupportMessage[] }>(['support', 'conversation', conversationId], (old) =>
            old && !old.messages.some((m) => m.id === event.message.id)
              ? { ...old, messages: [...old.messages, event.message] }
              : old,
          );
        }
        void qc.invalidateQueries({ queryKey: ['support', 'queue'] });
        void qc.invalidateQueries({ queryKey: ['support', 'conversation', conversationId] });
      },
    });
  }, [qc]);

  // The open conversation's typing indicator goes away by itself.
  const until = openId ? (playerTyping[openId] ?? 0) : 0;
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setTimeout(() => tick((n) => n + 1), until - Date.now() + 10);
    return () => clearTimeout(timer);
  }, [until]);

  return { connected, playerTyping };
}
