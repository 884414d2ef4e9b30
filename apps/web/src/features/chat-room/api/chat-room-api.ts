import {
  getChatRoom,
  sendChatMessage,
  type ChatMessage,
  type ChatRoom,
  type SendChatMessage,
} from '@portal/contracts/chat/chat-room.contract.ts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** The room as the signed-in member (or a guest, token '') reads it. */
export const chatRoomKey = (token: string | null) => ['chatRoom', token ?? ''] as const;

export function useChatRoom(token: string | null) {
  return useQuery({
    queryKey: chatRoomKey(token),
    queryFn: ({ signal }) => call(getChatRoom, { signal }),
    staleTime: Infinity,
  });
}

/** Adds a message to the cached room once (the socket may bring the one just sent); the newest 50 stay. */
export function addChatMessage(qc: QueryClient, token: string | null, message: ChatMessage): void {
  qc.setQueryData<ChatRoom>(chatRoomKey(token), (old) => {
    if (!old || old.messages.some((m) => m.id === message.id)) return old;
    const messages = [...old.messages, message].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    return { ...old, messages: messages.slice(-100) };
  });
}

export function removeChatMessage(qc: QueryClient, token: string | null, id: string): void {
  qc.setQueryData<ChatRoom>(chatRoomKey(token), (old) =>
    old ? { ...old, messages: old.messages.filter((m) => m.id !== id) } : old,
  );
}

export function useSendChatMessage(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendChatMessage) => call(sendChatMessage, { body }),
    onSuccess: (message) => addChatMessage(qc, token, message),
    // A mute that arrived meanwhile: read the room again, so the notice shows.
    onError: (error) => {
      if ((error as { code?: string }).code === 'CHAT_MUTED')
        void qc.invalidateQueries({ queryKey: chatRoomKey(token) });
    },
  });
}
