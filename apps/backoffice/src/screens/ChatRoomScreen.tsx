import { keepSocketOpen } from '@portal/contracts/realtime/kept-socket.ts';
import {
  deleteChatMessage,
  getChatRoomSettings,
  listChatMutes,
  listStaffChatMessages,
  muteChatMember,
  setChatRoomSettings,
  unmuteChatMember,
  type StaffChatMessage,
} from '@portal/contracts/backoffice/chat-room.contract.ts';
import { CHAT_LIMITS, CHAT_SOCKET_PATH, readChatEvent } from '@portal/contracts/chat/chat-room.contract.ts';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { useSaveThenClose } from '../components/useSaveThenClose.ts';
import { ScreenTabs } from '../components/ScreenTabs.tsx';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { call } from '../api.ts';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import type { Messages } from '../messages/en.ts';

/** How long a mute lasts, in minutes, and its label. */
const PERIODS = new Map<number, keyof Messages>([
  [10, 'chatRoomMinutes10'],
  [60, 'chatRoomHour1'],
  [60 * 24, 'chatRoomDay1'],
  [60 * 24 * 7, 'chatRoomDays7'],
  [60 * 24 * 30, 'chatRoomDays30'],
]);

/**
 * The room's own socket (`/ws/chat`) read as a guest: new and removed messages refresh the staff list
 * (which carries the authors' accounts), so the screen follows the room live.
 */
function useRoomLive(): boolean {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    return keepSocketOpen(CHAT_SOCKET_PATH, {
      hello: () => ({ type: 'join' }),
      read: readChatEvent,
      onClose: () => setConnected(false),
      onReady: () => {
        setConnected(true);
        void qc.invalidateQueries({ queryKey: ['chatRoom', 'messages'] });
      },
      onEvent: () => void qc.invalidateQueries({ queryKey: ['chatRoom', 'messages'] }),
    });
  }, [qc]);
  return connected;
}

/** Chat room moderation (issue 18): the live room, remove, mute with a period and reason, lift, rules. */
export function ChatRoomScreen() {
  const { t } = useI18n();
  const [tab, setTab] = useState<'messages' | 'mutes' | 'rules'>('messages');
  const connected = useRoomLive();
  return (
    <Stack spacing={2}>
      <ScreenTitle
        title={t('chatRoomTitle')}
        lead={t('chatRoomLead')}
        badge={
          <Chip
            size="small"
            color={connected ? 'success' : 'default'}
            label={connected ? t('chatRoomLive') : t('chatRoomOffline')}
            data-testid="chat-room-live"
          />
        }
      />
      <ScreenTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'messages', label: t('chatRoomTabMessages') },
          { value: 'mutes', label: t('chatRoomTabMutes'), testId: 'chat-room-tab-mutes' },
          { value: 'rules', label: t('chatRoomTabRules') },
        ]}
      />
      {tab === 'messages' && <RoomMessages />}
      {tab === 'mutes' && <Mutes />}
      {tab === 'rules' && <Rules />}
    </Stack>
  );
}

function RoomMessages() {
  const { t, errorText } = useI18n();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['chatRoom', 'messages'],
    queryFn: () => call(listStaffChatMessages),
  });
  const [muting, setMuting] = useState<StaffChatMessage | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => call(deleteChatMessage, { body: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['chatRoom', 'messages'] }),
  });
  const messages = [...(list.data?.messages ?? [])].reverse();
  return (
    <Stack spacing={1} data-testid="chat-room-list">
      {list.error && <Alert severity="error">{errorText(list.error)}</Alert>}
      {remove.error && <Alert severity="error">{errorText(remove.error)}</Alert>}
      {list.data && messages.length === 0 && <Typography color="text.secondary">{t('chatRoomEmpty')}</Typography>}
      {messages.map((m) => (
        <Paper
          key={m.id}
          variant="outlined"
          sx={{ p: 1.5, opacity: m.deletedAt ? 0.6 : 1 }}
          data-testid="chat-room-row"
          data-removed={m.deletedAt ? 'true' : undefined}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary">
                <strong>{m.name}</strong> ({m.account}) · {formatTime(m.createdAt)}
              </Typography>
              {/* Plain text: React escapes it, whatever the player typed. */}
              <Typography
                sx={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  textDecoration: m.deletedAt ? 'line-through' : 'none',
                }}
              >
                {m.body}
              </Typography>
              {m.deletedAt && (
                <Typography variant="caption" color="error">
                  {t('chatRoomRemoved', { name: m.deletedBy ?? '' })} · {formatTime(m.deletedAt)}
                </Typography>
              )}
            </Box>
            <Stack direction="row" spacing={1}>
              {!m.deletedAt && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => remove.mutate(m.id)}
                  disabled={remove.isPending}
                  data-testid="chat-room-delete"
                >
                  {t('chatRoomDelete')}
                </Button>
              )}
              <Button size="small" onClick={() => setMuting(m)} data-testid="chat-room-mute">
                {t('chatRoomMute')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ))}
      {muting && <MuteDialog message={muting} onClose={() => setMuting(null)} />}
    </Stack>
  );
}

function MuteDialog({ message, onClose }: { message: StaffChatMessage; onClose(): void }) {
  const { t } = useI18n();
  const [minutes, setMinutes] = useState(60);
  const [reason, setReason] = useState('');
  const mute = useSaveThenClose(
    ['chatRoom', 'mutes'],
    () => call(muteChatMember, { body: { memberId: message.memberId, minutes, reason } }),
    onClose,
  );
  return (
    <ActionDialog
      title={t('chatRoomMuteTitle', { name: `${message.name} (${message.account})` })}
      onClose={onClose}
      onConfirm={() => mute.mutate()}
      confirmLabel={t('chatRoomMute')}
      confirmColor="warning"
      confirmTestId="chat-room-mute-confirm"
      confirmDisabled={mute.isPending || reason.trim() === ''}
      error={mute.error}
      fullScreenBelow="md"
    >
      <SelectField
        label={t('chatRoomMuteFor')}
        value={minutes}
        onValue={(m) => setMinutes(Number(m))}
        options={[...PERIODS.keys()]}
        optionLabel={(m) => t(PERIODS.get(m)!)}
        slotProps={{ htmlInput: { 'data-testid': 'chat-room-mute-period' } }}
      />
      <TextField
        label={t('chatRoomMuteReason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        multiline
        minRows={2}
        slotProps={{
          htmlInput: { maxLength: CHAT_LIMITS.muteReasonMaxChars, 'data-testid': 'chat-room-mute-reason' },
        }}
      />
    </ActionDialog>
  );
}

function Mutes() {
  const { t, errorText } = useI18n();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['chatRoom', 'mutes'], queryFn: () => call(listChatMutes) });
  const lift = useMutation({
    mutationFn: (memberId: string) => call(unmuteChatMember, { body: { memberId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['chatRoom', 'mutes'] }),
  });
  const mutes = list.data?.mutes ?? [];
  return (
    <Stack spacing={1} data-testid="chat-room-mutes">
      {(list.error ?? lift.error) && <Alert severity="error">{errorText(list.error ?? lift.error)}</Alert>}
      {list.data && mutes.length === 0 && <Typography color="text.secondary">{t('chatRoomNoMutes')}</Typography>}
      {mutes.map((m) => (
        <Paper key={m.id} variant="outlined" sx={{ p: 1.5 }} data-testid="chat-room-mute-row">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography>
                <strong>{m.name}</strong> ({m.account})
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {m.reason}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('chatRoomMuteUntil')}: {formatTime(m.until)} · {t('chatRoomMutedBy')}: {m.mutedBy}
              </Typography>
            </Box>
            <Button
              size="small"
              onClick={() => lift.mutate(m.memberId)}
              disabled={lift.isPending}
              data-testid="chat-room-unmute"
            >
              {t('chatRoomUnmute')}
            </Button>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Rules() {
  const { errorText } = useI18n();
  const rules = useQuery({ queryKey: ['chatRoom', 'rules'], queryFn: () => call(getChatRoomSettings) });
  if (!rules.data) return rules.error ? <Alert severity="error">{errorText(rules.error)}</Alert> : null;
  return <RulesForm initial={rules.data} />;
}

function RulesForm({ initial }: { initial: { maxChars: number; rateCount: number; rateWindowSeconds: number } }) {
  const { t, errorText } = useI18n();
  const qc = useQueryClient();
  const [form, setForm] = useState(initial);
  const save = useMutation({
    mutationFn: () => call(setChatRoomSettings, { body: form }),
    onSuccess: (v) => qc.setQueryData(['chatRoom', 'rules'], v),
  });
  const field = (key: keyof typeof form, label: keyof Messages, max: number) => (
    <TextField
      type="number"
      label={t(label)}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: Number(e.target.value) })}
      slotProps={{ htmlInput: { min: 1, max } }}
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 480 }}>
      <Stack spacing={2}>
        {field('maxChars', 'chatRoomMaxChars', CHAT_LIMITS.maxCharsCeiling)}
        {field('rateCount', 'chatRoomRateCount', 60)}
        {field('rateWindowSeconds', 'chatRoomRateWindow', 3600)}
        {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
        {save.isSuccess && <Alert severity="success">{t('chatRoomSaved')}</Alert>}
        <Box>
          <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
            {t('chatRoomSave')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
