import { listMyFeedback, submitFeedback, type SubmitFeedback } from '@portal/contracts/inbox/feedback.contract.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';

export const feedbackKeys = { mine: (token: string | null) => ['feedback', 'mine', token] as const };

/** The member's feedback with staff replies, and the form's bounds. */
export function useMyFeedback() {
  const token = useMemberToken();
  return useQuery({
    queryKey: feedbackKeys.mine(token),
    queryFn: ({ signal }) => call(listMyFeedback, { signal }),
    enabled: token !== null,
  });
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitFeedback) => call(submitFeedback, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['feedback'] }),
  });
}
