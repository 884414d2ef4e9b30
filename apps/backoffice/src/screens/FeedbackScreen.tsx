import { type FeedbackStatus } from '@portal/contracts/inbox/feedback.contract.ts';
import {
  closeFeedback,
  listFeedback,
  replyFeedback,
  type StaffFeedback,
} from '@portal/contracts/backoffice/feedback.contract.ts';
import { Button, Stack, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { chipColumn } from '../components/GridCells.tsx';
import { StatusQueue } from '../components/StatusQueue.tsx';
import { Submission } from '../components/Submission.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import type { Messages } from '../messages/en.ts';
import { useSession } from '../session.tsx';

const STATUS_COLOR: Record<FeedbackStatus, 'warning' | 'success' | 'default'> = {
  OPEN: 'warning',
  REPLIED: 'success',
  CLOSED: 'default',
};

/** Players' feedback (issue 18): the queue by status, each with its images, a reply and close. */
export function FeedbackScreen() {
  const { t } = useI18n();
  const [open, setOpen] = useState<StaffFeedback | null>(null);
  const columns: GridColDef<StaffFeedback>[] = [
    { field: 'createdAt', headerName: t('sentAt'), width: 170, valueFormatter: (v: string) => formatTime(v) },
    { field: 'memberAccount', headerName: t('memberAccount'), width: 150 },
    {
      field: 'questionType',
      headerName: t('feedbackType'),
      width: 150,
      valueFormatter: (v: string) => t(`feedbackType${v}` as keyof Messages),
    },
    { field: 'content', headerName: t('body'), flex: 1, minWidth: 200 },
    { field: 'images', headerName: t('feedbackImages'), width: 90, valueGetter: (_v, row) => row.images.length },
    chipColumn({
      headerName: t('state'),
      width: 130,
      label: (row) => t(`feedbackStatus${row.status}` as keyof Messages),
      color: (row) => STATUS_COLOR[row.status],
    }),
  ];
  return (
    <Stack spacing={2}>
      <ScreenTitle title={t('feedbackTitle')} lead={t('feedbackLead')} />
      <StatusQueue<FeedbackStatus | 'ALL', StaffFeedback>
        statuses={['OPEN', 'REPLIED', 'CLOSED', 'ALL'] as const}
        statusLabel={(s) => t(`feedbackStatus${s}` as keyof Messages)}
        queryKey="feedback"
        fetch={(status, pageNum) =>
          call(listFeedback, { query: { status: status === 'ALL' ? undefined : status, pageNum } })
        }
        columns={columns}
        onOpen={setOpen}
        testId="feedback-grid"
      />
      {open && <FeedbackDialog item={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function FeedbackDialog({ item, onClose }: { item: StaffFeedback; onClose(): void }) {
  const { t } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const [reply, setReply] = useState(item.reply ?? '');
  const done = async () => {
    await qc.invalidateQueries({ queryKey: ['feedback'] });
    onClose();
  };
  const send = useMutation({
    mutationFn: () => call(replyFeedback, { body: { id: item.id, reply } }),
    onSuccess: done,
  });
  const close = useMutation({ mutationFn: () => call(closeFeedback, { body: { id: item.id } }), onSuccess: done });
  return (
    <ActionDialog
      title={`${item.memberAccount} · ${t(`feedbackType${item.questionType}` as keyof Messages)}`}
      onClose={onClose}
      error={send.error ?? close.error}
      extraActions={
        can('feedback.reply') &&
        item.status !== 'CLOSED' && (
          <Button onClick={() => close.mutate()} disabled={close.isPending} data-testid="feedback-close">
            {t('feedbackClose')}
          </Button>
        )
      }
      maxWidth="sm"
      fullScreenBelow="md"
      {...(can('feedback.reply')
        ? {
            onConfirm: () => send.mutate(),
            confirmLabel: t('feedbackSendReply'),
            confirmDisabled: send.isPending || reply.trim() === '',
            confirmTestId: 'feedback-send-reply',
          }
        : {})}
    >
      <Submission
        caption={`${formatTime(item.createdAt)} · ${t(`feedbackStatus${item.status}` as keyof Messages)}`}
        text={item.content}
        textTestId="feedback-content"
        images={item.images}
        imageAlt={t('feedbackImages')}
      />
      {can('feedback.reply') && (
        <TextField
          label={t('feedbackReply')}
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'feedback-reply' } }}
        />
      )}
    </ActionDialog>
  );
}
