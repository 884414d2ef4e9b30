import { type FeedbackStatus } from '@portal/contracts/inbox/feedback.contract.ts';
import {
  closeFeedback,
  listFeedback,
  replyFeedback,
  type StaffFeedback,
} from '@portal/contracts/backoffice/feedback.contract.ts';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
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
  const [status, setStatus] = useState<FeedbackStatus | 'ALL'>('OPEN');
  const [pageNum, setPageNum] = useState(1);
  const [open, setOpen] = useState<StaffFeedback | null>(null);
  const list = useQuery({
    queryKey: ['feedback', status, pageNum],
    queryFn: () => call(listFeedback, { query: { status: status === 'ALL' ? undefined : status, pageNum } }),
  });
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
    {
      field: 'status',
      headerName: t('state'),
      width: 130,
      renderCell: (p) => (
        <Chip
          size="small"
          color={STATUS_COLOR[p.row.status]}
          label={t(`feedbackStatus${p.row.status}` as keyof Messages)}
        />
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5">{t('feedbackTitle')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('feedbackLead')}
        </Typography>
      </Box>
      <Tabs
        value={status}
        onChange={(_, v: FeedbackStatus | 'ALL') => {
          setStatus(v);
          setPageNum(1);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {(['OPEN', 'REPLIED', 'CLOSED', 'ALL'] as const).map((s) => (
          <Tab key={s} value={s} label={t(`feedbackStatus${s}` as keyof Messages)} />
        ))}
      </Tabs>
      <DataGrid
        autoHeight
        rows={list.data?.content ?? []}
        columns={columns}
        loading={list.isLoading}
        paginationMode="server"
        rowCount={(list.data?.totalPages ?? 1) * 20}
        paginationModel={{ page: pageNum - 1, pageSize: 20 }}
        onPaginationModelChange={(m) => setPageNum(m.page + 1)}
        pageSizeOptions={[20]}
        onRowClick={(p) => setOpen(p.row)}
        localeText={{ noRowsLabel: t('nothingYet') }}
        sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        data-testid="feedback-grid"
      />
      {open && <FeedbackDialog item={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function FeedbackDialog({ item, onClose }: { item: StaffFeedback; onClose(): void }) {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const narrow = useMediaQuery('(max-width: 899px)');
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
  const error = send.error ?? close.error;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={narrow}>
      <DialogTitle>
        {item.memberAccount} · {t(`feedbackType${item.questionType}` as keyof Messages)}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="caption" color="text.secondary">
            {formatTime(item.createdAt)} · {t(`feedbackStatus${item.status}` as keyof Messages)}
          </Typography>
          {/* Plain text: React escapes it, whatever the player typed. */}
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="feedback-content">
            {item.content}
          </Typography>
          {item.images.length > 0 && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {item.images.map((img, i) => (
                <Box
                  key={img.id}
                  component="a"
                  href={img.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ display: 'block', width: 120, height: 120, borderRadius: 1, overflow: 'hidden' }}
                >
                  <Box
                    component="img"
                    src={img.url}
                    alt={`${t('feedbackImages')} ${i + 1}`}
                    sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                </Box>
              ))}
            </Stack>
          )}
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
          {error && <Alert severity="error">{errorText(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        {can('feedback.reply') && item.status !== 'CLOSED' && (
          <Button onClick={() => close.mutate()} disabled={close.isPending} data-testid="feedback-close">
            {t('feedbackClose')}
          </Button>
        )}
        {can('feedback.reply') && (
          <Button
            variant="contained"
            onClick={() => send.mutate()}
            disabled={send.isPending || reply.trim() === ''}
            data-testid="feedback-send-reply"
          >
            {t('feedbackSendReply')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
