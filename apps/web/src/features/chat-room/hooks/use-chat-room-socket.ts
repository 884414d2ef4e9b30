import { keepSocketOpen } from '@portal/contracts/realtime/kept-socket.ts';
import { CHAT_SOCKET_PATH, readChatEvent } from '@portal/contracts/chat/chat-room.contract.ts';
import { LIVE_CLOSE } from '@portal/contracts/realtime/live-channel.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { addChatMessage, chatRoomKey, removeChatMessage } from '../api/chat-room-api.ts';

/**
 * The room's socket (`/ws/chat`): new messages, removals, and the member's own mute or unmute arrive
 * here. A guest joins without a token and reads. After a reconnect the room is read again, in case
 * events were missed. Answers whether the socket is connected.
 */
export function useChatRoomSocket(token: string | null): boolean {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const key = chatRoomKey(token);
    return keepSocketOpen(CHAT_SOCKET_PATH, {
      hello: () => (token ? { type: 'join', token } : { type: 'join' }),
      final: [LIVE_CLOSE.notSignedIn, LIVE_CLOSE.passwordChange],
      read: readChatEvent,
      onClose: () => setConnected(false),
      onReady: (reconnected) => {
        setConnected(true);
        if (reconnected) void qc.invalidateQueries({ queryKey: key });
      },
      onEvent: (event) => {
        if (event.type === 'message') addChatMessage(qc, token, event.message);
        else if (event.type === 'deleted') removeChatMessage(qc, token, event.id);
        else if (event.type === 'status') void qc.invalidateQueries({ queryKey: key });
      },
    });
  }, [token, qc]);

  return connected;
}
