import {
  getLiveChatUrl,
  getSupportThread,
  markSupportRead,
  sendSupportMessage,
  sendSupportTyping,
  startGuestSupport,
  SUPPORT_GUEST_HEADER,
  SUPPORT_GUEST_STORAGE_KEY,
  type SendSupportMessage,
  type SupportMessage,
  type SupportThread,
} from '@portal/contracts/support/support.contract.ts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { call } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';

const listeners = new Set<() => void>();

/** A guest's support token: in localStorage, so a reload or another tab of this browser continues the chat. */
export function readGuestToken(): string | null {
  try {
    return window.localStorage.getItem(SUPPORT_GUEST_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeGuestToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(SUPPORT_GUEST_STORAGE_KEY, token);
    else window.localStorage.removeItem(SUPPORT_GUEST_STORAGE_KEY);
  } catch {
    // Blocked storage: the chat lasts as long as the page.
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => e.key === SUPPORT_GUEST_STORAGE_KEY && l();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
};

/** Who writes from this window: the signed-in member, else the guest of the kept token, else nobody yet. */
export type SupportIdentity = { kind: 'member'; token: string } | { kind: 'guest'; token: string };

export function useSupportIdentity(): SupportIdentity | null {
  const member = useMemberToken();
  const guest = useSyncExternalStore(subscribe, readGuestToken, () => null);
  if (member) return { kind: 'member', token: member };
  return guest ? { kind: 'guest', token: guest } : null;
}

/** The guest's header on a support call (a member's bearer token is added by `call`). */
const headersOf = (who: SupportIdentity | null): Record<string, string> =>
  who?.kind === 'guest' ? { [SUPPORT_GUEST_HEADER]: who.token } : {};

export const supportKeys = {
  thread: (who: SupportIdentity | null) => ['support', 'thread', who?.kind ?? '', who?.token ?? ''] as const,
};

export function useLiveChatLaunch(query: { headerColor?: string; title?: string }) {
  return useQuery({
    queryKey: ['support', 'launch', query.headerColor ?? '', query.title ?? ''],
    queryFn: ({ signal }) => call(getLiveChatUrl, { query: { b2c: 1, template: 'v2', ...query }, signal }),
    staleTime: 0,
    retry: 1,
  });
}

export function useSupportThread(who: SupportIdentity | null) {
  return useQuery({
    queryKey: supportKeys.thread(who),
    queryFn: ({ signal }) => call(getSupportThread, { headers: headersOf(who), signal }),
    enabled: who !== null,
    retry: (count, error) => count < 2 && (error as { code?: string }).code !== 'SUPPORT_GUEST_UNKNOWN',
  });
}

/** Adds a message to the cached thread (once; a socket may bring the same one). */
export function addMessage(qc: QueryClient, who: SupportIdentity | null, message: SupportMessage): boolean {
  let known = true;
  qc.setQueryData<SupportThread>(supportKeys.thread(who), (old) => {
    if (!old) return old;
    known = old.conversation?.id === message.conversationId;
    if (old.messages.some((m) => m.id === message.id)) return old;
    return { ...old, messages: [...old.messages, message] };
  });
  return known;
}

export function useStartGuest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(startGuestSupport, { body: { name } }),
    onSuccess: ({ token, thread }) => {
      qc.setQueryData(supportKeys.thread({ kind: 'guest', token }), thread);
      writeGuestToken(token);
    },
  });
}

export function useSendSupport(who: SupportIdentity | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendSupportMessage) => call(sendSupportMessage, { body, headers: headersOf(who) }),
    onSuccess: (message) => {
      // The first message (or the first after a close) opens a conversation: read it whole.
      if (!addMessage(qc, who, message)) void qc.invalidateQueries({ queryKey: supportKeys.thread(who) });
    },
  });
}

export const markRead = (who: SupportIdentity, upTo: string) =>
  call(markSupportRead, { body: { upTo }, headers: headersOf(who) });

export const sayTyping = (who: SupportIdentity) => call(sendSupportTyping, { body: {}, headers: headersOf(who) });
