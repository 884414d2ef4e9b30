import { CHAT_SOCKET_PATH, readChatEvent } from '@portal/contracts/chat/chat-room.contract.ts';
import { LIVE_CLOSE } from '@portal/contracts/realtime/live-channel.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { addChatMessage, chatRoomKey, removeChatMessage } from '../api/chat-room-api.ts';

const MAX_BACKOFF_MS = 30_000;

/**
 * The room's socket (`/ws/chat`): new messages, removals, and the member's own mute or unmute arrive
 * here. A guest joins without a token and reads. After a reconnect the room is read again, in case
 * events were missed. Answers whether the socket is connected.
 */
export function useChatRoomSocket(token: string | null): boolean {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let socket: WebSocket | undefined;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const key = chatRoomKey(token);
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}${CHAT_SOCKET_PATH}`);
      socket.onopen = () => socket?.send(JSON.stringify(token ? { type: 'join', token } : { type: 'join' }));
      socket.onmessage = (e) => {
        const event = readChatEvent(String(e.data));
        if (!event) return;
        if (event.type === 'ready') {
          setConnected(true);
          if (attempt > 0) void qc.invalidateQueries({ queryKey: key });
          attempt = 0;
        } else if (event.type === 'message') addChatMessage(qc, token, event.message);
        else if (event.type === 'deleted') removeChatMessage(qc, token, event.id);
        else if (event.type === 'status') void qc.invalidateQueries({ queryKey: key });
      };
      socket.onclose = (e) => {
        setConnected(false);
        if (stopped || e.code === LIVE_CLOSE.notSignedIn || e.code === LIVE_CLOSE.passwordChange) return;
        attempt += 1;
        retry = setTimeout(open, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempt, 5)));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [token, qc]);

  return connected;
}
