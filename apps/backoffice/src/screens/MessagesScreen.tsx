import {
  listSentMessages,
  sendMessage,
  type SendMessage,
  type SentMessage,
} from '@portal/contracts/backoffice/inbox.contract.ts';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { call } from '../api.ts';
import { RichTextEditor } from '../components/RichTextEditor.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import type { Messages } from '../messages/en.ts';
import { useSession } from '../session.tsx';

const AUDIENCES = ['MEMBER', 'MEMBER_TYPE', 'DOWNLINE', 'ALL'] as const;
type Audience = (typeof AUDIENCES)[number];
const MEMBER_TYPES = [0, 1, 2, 41, 42] as const;

/** The inbox's sending side (issue 18): what staff sent, and a dialog to write a new message. */
export function MessagesScreen() {
  const { t } = useI18n();
  const { can } = useSession();
  const [writing, setWriting] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const [sent, setSent] = useState(false);
  const list = useQuery({
    queryKey: ['messages', pageNum],
    queryFn: () => call(listSentMessages, { query: { pageNum } }),
  });
  const targetText = (m: SentMessage) =>
    m.audience === 'MEMBER_TYPE'
      ? t(`memberType${m.target}` as keyof Messages)
      : m.audience === 'ALL'
        ? t('audienceALL')
        : m.target;

  const columns: GridColDef<SentMessage>[] = [
    { field: 'title', headerName: t('title'), flex: 1, minWidth: 180 },
    {
      field: 'audience',
      headerName: t('sendTo'),
      width: 170,
      valueFormatter: (v: Audience) => t(`audience${v}` as keyof Messages),
    },
    { field: 'target', headerName: t('messageTarget'), width: 150, valueGetter: (_v, row) => targetText(row) },
    { field: 'reads', headerName: t('reads'), width: 100, type: 'number' },
    { field: 'staffUsername', headerName: t('sentBy'), width: 130 },
    { field: 'createdAt', headerName: t('sentAt'), width: 170, valueFormatter: (v: string) => formatTime(v) },
  ];

  return (
    <Stack spacing={2}>
      <ScreenTitle
        title={t('messagesTitle')}
        lead={t('messagesLead')}
        action={
          can('messages.send') && (
            <Button variant="contained" onClick={() => setWriting(true)} data-testid="new-message">
              {t('newMessage')}
            </Button>
          )
        }
      />
      {sent && (
        <Alert severity="success" onClose={() => setSent(false)}>
          {t('messageSent')}
        </Alert>
      )}
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
        localeText={{ noRowsLabel: t('nothingYet') }}
        sx={{ bgcolor: 'background.paper' }}
        data-testid="messages-grid"
      />
      {writing && (
        <SendDialog
          onClose={() => setWriting(false)}
          onSent={() => {
            setWriting(false);
            setSent(true);
          }}
        />
      )}
    </Stack>
  );
}

function SendDialog({ onClose, onSent }: { onClose(): void; onSent(): void }) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const [audience, setAudience] = useState<Audience>('MEMBER');
  const [account, setAccount] = useState('');
  const [memberType, setMemberType] = useState<number>(0);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const body = (): SendMessage => {
    const common = { title, content };
    if (audience === 'MEMBER' || audience === 'DOWNLINE') return { audience, account, ...common };
    if (audience === 'MEMBER_TYPE') return { audience, memberType, ...common };
    return { audience, ...common };
  };
  const send = useMutation({
    mutationFn: () => call(sendMessage, { body: body() }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['messages'] });
      onSent();
    },
  });
  return (
    <ActionDialog
      title={t('newMessage')}
      onClose={onClose}
      onConfirm={() => send.mutate()}
      confirmLabel={t('send')}
      confirmTestId="send-message"
      confirmDisabled={send.isPending}
      error={send.error}
      form
      browserChecks
      maxWidth="md"
      fullScreenBelow="md"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <SelectField
          label={t('sendTo')}
          value={audience}
          onValue={setAudience}
          options={AUDIENCES}
          optionLabel={(a) => t(`audience${a}` as keyof Messages)}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'message-audience' } }}
        />
        {(audience === 'MEMBER' || audience === 'DOWNLINE') && (
          <TextField
            label={t(audience === 'MEMBER' ? 'memberAccount' : 'agentAccount')}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            required
            fullWidth
            error={send.error !== null && (send.error as { field?: string }).field === 'body.account'}
            slotProps={{ htmlInput: { 'data-testid': 'message-account' } }}
          />
        )}
        {audience === 'MEMBER_TYPE' && (
          <SelectField
            label={t('memberType')}
            value={memberType}
            onValue={(m) => setMemberType(Number(m))}
            options={MEMBER_TYPES}
            optionLabel={(m) => t(`memberType${m}` as keyof Messages)}
            sx={{ minWidth: 200 }}
          />
        )}
      </Stack>
      <TextField
        label={t('title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'message-title' } }}
      />
      <RichTextEditor value={content} onChange={setContent} label={t('body')} />
    </ActionDialog>
  );
}
