import {
  deleteMessages,
  getMessages,
  getUnreadMessageCount,
  readMessage,
} from '@portal/contracts/inbox/inbox.contract.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallBody } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';

/** The inbox's queries under one prefix: the live channel's counters refresh whichever page is open. */
export const INBOX_QUERY_PREFIX = ['inbox'] as const;
export const inboxKeys = {
  all: INBOX_QUERY_PREFIX,
  page: (token: string | null, pageNum: number, unreadOnly: boolean) =>
    ['inbox', 'page', token, pageNum, unreadOnly] as const,
  unread: (token: string | null) => ['inbox', 'unread', token] as const,
};

export function useInboxPage(pageNum: number, unreadOnly: boolean) {
  const token = useMemberToken();
  return useQuery({
    queryKey: inboxKeys.page(token, pageNum, unreadOnly),
    queryFn: ({ signal }) =>
      call(getMessages, { query: { pageNum, unreadOnly: unreadOnly ? 'true' : 'false' }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** The unread message count call (spec §7), for screens without the live channel's counters. */
export function useUnreadMessageCount(enabled = true) {
  const token = useMemberToken();
  return useQuery({
    queryKey: inboxKeys.unread(token),
    queryFn: ({ signal }) => call(getUnreadMessageCount, { signal }),
    enabled: token !== null && enabled,
  });
}

export function useReadMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof readMessage>) => call(readMessage, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

export function useDeleteMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(deleteMessages, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
