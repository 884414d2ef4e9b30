import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import Done from '@mui/icons-material/Done';
import Send from '@mui/icons-material/Send';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItemButton,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { playerProfile } from '@portal/contracts/backoffice/players.contract.ts';
import {
  closeSupportConversation,
  deleteCannedReply,
  getLiveChatSetting,
  getSupportConversation,
  handOverSupportConversation,
  listCannedReplies,
  listSupportAgents,
  listSupportConversations,
  markStaffSupportRead,
  saveCannedReply,
  sendStaffSupportMessage,
  sendStaffSupportTyping,
  setLiveChatSetting,
  type CannedReply,
  type SupportQueueItem,
} from '@portal/contracts/backoffice/support.contract.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { SUPPORT_LIMITS, type SupportMessage, type SupportRules } from '@portal/contracts/support/support.contract.ts';
import { addPickedImages, type PickedImage } from '@portal/contracts/uploads/picked-images.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { call } from '../api.ts';
import { ScreenTabs } from '../components/ScreenTabs.tsx';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useSession } from '../session.tsx';
import { useSupportLive } from '../support-live.ts';
import { PlayerProfile, typeLabel } from './PlayerProfile.tsx';

const atMost = (id: string, upTo: string) => BigInt(id) <= BigInt(upTo);
const nameOf = (c: Pick<SupportQueueItem, 'memberAccount' | 'guestName'>) => c.memberAccount ?? c.guestName ?? '—';
const initial = (name: string) => [...name][0]?.toUpperCase() ?? '?';
const newRequestId = () => crypto.randomUUID();

/** Live support (issue 18): the queue, the chat, the member beside it; canned replies; the live chat setting. */
export function SupportScreen() {
  const { t } = useI18n();
  const { can } = useSession();
  const [tab, setTab] = useState<'chats' | 'canned' | 'settings'>('chats');
  return (
    <Stack spacing={2}>
      <ScreenTitle title={t('supportTitle')} lead={t('supportLead')} />
      <ScreenTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'chats', label: t('supportTabChats') },
          { value: 'canned', label: t('supportTabCanned'), testId: 'support-tab-canned' },
          { value: 'settings', label: t('supportTabSettings'), shown: can('site.read') },
        ]}
      />
      {tab === 'chats' && <Desk />}
      {tab === 'canned' && <CannedReplies />}
      {tab === 'settings' && <LiveChatSettings />}
    </Stack>
  );
}

function Desk() {
  const { t } = useI18n();
  const narrow = useMediaQuery('(max-width: 899px)');
  const wide = useMediaQuery('(min-width: 1280px)');
  const [filter, setFilter] = useState<'OPEN' | 'MINE' | 'CLOSED'>('OPEN');
  const [openId, setOpenId] = useState<string | null>(null);
  const live = useSupportLive(openId);
  const queue = useQuery({
    queryKey: ['support', 'queue', filter],
    queryFn: () =>
      call(listSupportConversations, {
        query: { status: filter === 'CLOSED' ? 'CLOSED' : 'OPEN', mine: filter === 'MINE' ? 'true' : 'false' },
      }),
  });
  const list = (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, pt: 1 }}>
        <Tabs value={filter} onChange={(_e, v: typeof filter) => setFilter(v)} sx={{ flex: 1, minHeight: 40 }}>
          {(['OPEN', 'MINE', 'CLOSED'] as const).map((f) => (
            <Tab
              key={f}
              value={f}
              sx={{ minHeight: 40, minWidth: 0, px: 1.5 }}
              label={t(f === 'OPEN' ? 'supportQueueOpen' : f === 'MINE' ? 'supportQueueMine' : 'supportQueueClosed')}
            />
          ))}
        </Tabs>
        <Tooltip title={live.connected ? t('supportLive') : t('supportOffline')}>
          <Box
            data-testid="support-live-dot"
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: live.connected ? 'success.main' : 'text.disabled',
              boxShadow: live.connected ? '0 0 0 4px rgba(46,160,67,0.2)' : 'none',
            }}
          />
        </Tooltip>
      </Stack>
      <Divider />
      {queue.isLoading ? (
        <Box sx={{ p: 3, display: 'grid', placeItems: 'center' }}>
          <CircularProgress size={24} />
        </Box>
      ) : (queue.data?.conversations.length ?? 0) === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {t('supportQueueEmpty')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ overflowY: 'auto', flex: 1 }} data-testid="support-queue">
          {queue.data?.conversations.map((c) => (
            <QueueRow key={c.id} item={c} selected={c.id === openId} onClick={() => setOpenId(c.id)} />
          ))}
        </List>
      )}
    </Paper>
  );
  if (narrow)
    return openId ? (
      <Stack spacing={1}>
        <Button startIcon={<ArrowBack />} onClick={() => setOpenId(null)} sx={{ alignSelf: 'flex-start' }}>
          {t('supportBack')}
        </Button>
        <Box sx={{ height: '70vh' }}>
          <Chat id={openId} playerTyping={live.playerTyping} />
        </Box>
        <MemberPanel id={openId} />
      </Stack>
    ) : (
      <Box sx={{ height: '70vh' }}>{list}</Box>
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: wide ? '300px minmax(0, 1fr) 300px' : '280px minmax(0, 1fr)',
        gap: 2,
        height: 'calc(100vh - 230px)',
        minHeight: 520,
      }}
    >
      {list}
      {openId ? (
        <Chat id={openId} playerTyping={live.playerTyping} />
      ) : (
        <Paper variant="outlined" sx={{ display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
          {t('supportPick')}
        </Paper>
      )}
      {wide && <Box sx={{ overflowY: 'auto' }}>{openId && <MemberPanel id={openId} />}</Box>}
      {!wide && openId && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <MemberPanel id={openId} />
        </Box>
      )}
    </Box>
  );
}

function QueueRow({ item: c, selected, onClick }: { item: SupportQueueItem; selected: boolean; onClick(): void }) {
  const { t } = useI18n();
  const name = nameOf(c);
  const preview = c.lastAuthor === 'SYSTEM' ? '' : c.lastMessage || (c.lastAuthor ? `[${t('supportImage')}]` : '');
  return (
    <ListItemButton
      selected={selected}
      onClick={onClick}
      sx={{ gap: 1.5, py: 1.2, alignItems: 'flex-start' }}
      data-testid="support-queue-row"
    >
      <Badge color="error" badgeContent={c.unread} overlap="circular">
        <Avatar sx={{ width: 36, height: 36, bgcolor: c.memberId ? 'primary.main' : 'secondary.main', fontSize: 15 }}>
          {initial(name)}
        </Avatar>
      </Badge>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.75 }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {new Date(c.lastMessageAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap>
          {preview}
        </Typography>
        <Stack direction="row" sx={{ gap: 0.5, mt: 0.5 }}>
          {!c.memberId && <Chip size="small" label={t('supportGuest')} variant="outlined" />}
          {c.status === 'CLOSED' ? (
            <Chip size="small" label={t('supportClosed')} />
          ) : (
            <Chip
              size="small"
              color={c.staffName ? 'default' : 'warning'}
              label={c.staffName ? t('supportHeldBy', { name: c.staffName }) : t('supportUnheld')}
            />
          )}
        </Stack>
      </Box>
    </ListItemButton>
  );
}

function Chat({ id, playerTyping }: { id: string; playerTyping: Record<string, number> }) {
  const { t, errorText } = useI18n();
  const { me } = useSession();
  const qc = useQueryClient();
  const listRef = useRef<HTMLDivElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const conv = useQuery({
    queryKey: ['support', 'conversation', id],
    queryFn: () => call(getSupportConversation, { query: { id } }),
  });
  const agents = useQuery({ queryKey: ['support', 'agents'], queryFn: () => call(listSupportAgents) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['support'] });
  const act = useMutation({
    mutationFn: (a: { kind: 'close' } | { kind: 'handOver'; staffId: string }) =>
      a.kind === 'close'
        ? call(closeSupportConversation, { body: { conversationId: id } })
        : call(handOverSupportConversation, { body: { conversationId: id, staffId: a.staffId } }),
    onSuccess: refresh,
  });
  const data = conv.data;
  const c = data?.conversation;
  const messages = data?.messages ?? [];
  const typing = (playerTyping[id] ?? 0) > Date.now();

  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, typing, id]);

  // The player's messages on screen count as read (the player sees the receipt).
  const lastPlayer = [...messages].reverse().find((m) => m.author === 'PLAYER');
  const staffRead = c?.staffReadUpTo ?? '0';
  useEffect(() => {
    if (!lastPlayer || atMost(lastPlayer.id, staffRead)) return;
    void call(markStaffSupportRead, { body: { conversationId: id, upTo: lastPlayer.id } })
      .then(() => qc.invalidateQueries({ queryKey: ['support', 'queue'] }))
      .catch(() => undefined);
  }, [id, lastPlayer, staffRead, qc]);

  if (conv.isLoading || !c)
    return (
      <Paper variant="outlined" sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
        {conv.error ? <Alert severity="error">{errorText(conv.error)}</Alert> : <CircularProgress size={24} />}
      </Paper>
    );
  const name = nameOf(c);
  const mine = c.assignedStaffId === me?.id;
  const open = c.status === 'OPEN';
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      data-testid="support-chat"
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, px: 2, py: 1.25, flexWrap: 'wrap' }}>
        <Avatar sx={{ bgcolor: c.memberId ? 'primary.main' : 'secondary.main' }}>{initial(name)}</Avatar>
        <Box sx={{ flex: 1, minWidth: 120 }}>
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700 }} data-testid="support-chat-name">
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {!open ? t('supportClosed') : c.staffName ? t('supportHeldBy', { name: c.staffName }) : t('supportUnheld')}
          </Typography>
        </Box>
        {open && !mine && (
          <Button
            size="small"
            variant="contained"
            disabled={act.isPending || !me}
            onClick={() => me && act.mutate({ kind: 'handOver', staffId: me.id })}
            data-testid="support-take"
          >
            {t('supportTake')}
          </Button>
        )}
        {open && (
          <>
            <Button
              size="small"
              startIcon={<SwapHoriz />}
              onClick={(e) => setAnchor(e.currentTarget)}
              data-testid="support-hand-over"
            >
              {t('supportHandOver')}
            </Button>
            <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
              <MenuItem disabled dense>
                {t('supportHandOverTo')}
              </MenuItem>
              {(agents.data?.agents ?? [])
                .filter((a) => a.id !== c.assignedStaffId)
                .map((a) => (
                  <MenuItem
                    key={a.id}
                    onClick={() => {
                      setAnchor(null);
                      act.mutate({ kind: 'handOver', staffId: a.id });
                    }}
                  >
                    {a.displayName} ({a.username})
                  </MenuItem>
                ))}
            </Menu>
            <Button
              size="small"
              color="inherit"
              startIcon={<CloseOutlined />}
              disabled={act.isPending}
              onClick={() => act.mutate({ kind: 'close' })}
              data-testid="support-close"
            >
              {t('supportClose')}
            </Button>
          </>
        )}
      </Stack>
      {act.error && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
          {errorText(act.error)}
        </Alert>
      )}
      <Divider />
      <Box
        ref={listRef}
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          gap: 1.25,
          bgcolor: 'action.hover',
        }}
        data-testid="support-thread"
      >
        {messages.map((m) => (
          <Bubble key={m.id} m={m} name={name} read={m.author === 'STAFF' && atMost(m.id, c.playerReadUpTo)} />
        ))}
        {typing && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ fontStyle: 'italic' }}
            data-testid="support-player-typing"
          >
            {t('supportPlayerTyping', { name })}
          </Typography>
        )}
      </Box>
      {open && <Composer id={id} rules={data.rules} onSent={refresh} />}
    </Paper>
  );
}

function Bubble({ m, name, read }: { m: SupportMessage; name: string; read: boolean }) {
  const { t } = useI18n();
  if (m.author === 'SYSTEM')
    return (
      <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
        {m.event === 'HANDOVER' ? t('supportEventHandover', { name: m.eventStaffName ?? '' }) : t('supportEventClosed')}{' '}
        · {formatTime(m.createdAt)}
      </Typography>
    );
  const staff = m.author === 'STAFF';
  return (
    <Box sx={{ alignSelf: staff ? 'flex-end' : 'flex-start', maxWidth: '78%' }} data-testid="support-bubble">
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', textAlign: staff ? 'right' : 'left' }}
      >
        {staff ? m.staffName : name}
      </Typography>
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          borderBottomRightRadius: staff ? 4 : undefined,
          borderBottomLeftRadius: staff ? undefined : 4,
          bgcolor: staff ? 'primary.main' : 'background.paper',
          color: staff ? 'primary.contrastText' : 'text.primary',
          boxShadow: 1,
        }}
      >
        {/* Plain text: React escapes it, whatever the player typed. */}
        {m.body && (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14.5 }}>{m.body}</Typography>
        )}
        {m.images.length > 0 && (
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: m.body ? 0.75 : 0 }}>
            {m.images.map((img, i) => (
              <Box key={img.id} component="a" href={img.url} target="_blank" rel="noopener noreferrer">
                <Box
                  component="img"
                  src={img.url}
                  alt={`${t('supportImage')} ${i + 1}`}
                  sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1.5, display: 'block' }}
                />
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      <Stack
        direction="row"
        sx={{ gap: 0.5, alignItems: 'center', justifyContent: staff ? 'flex-end' : 'flex-start', mt: 0.25 }}
      >
        <Typography variant="caption" color="text.secondary">
          {new Date(m.createdAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
        </Typography>
        {staff && (
          <Typography
            variant="caption"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.25,
              color: read ? 'success.main' : 'text.secondary',
              fontWeight: read ? 700 : 400,
            }}
            data-testid="support-staff-receipt"
          >
            {read ? <DoneAll sx={{ fontSize: 14 }} /> : <Done sx={{ fontSize: 14 }} />}
            {read ? t('supportRead') : t('supportSent')}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

function Composer({ id, rules, onSent }: { id: string; rules: SupportRules; onSent(): void }) {
  const { t, errorText } = useI18n();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lastTyping = useRef(0);
  const canned = useQuery({ queryKey: ['support', 'canned'], queryFn: () => call(listCannedReplies) });
  const send = useMutation({
    mutationFn: () =>
      call(sendStaffSupportMessage, {
        body: { conversationId: id, body: text, images: images.map((i) => i.base64), requestId },
      }),
    onSuccess: (message) => {
      qc.setQueryData<{ messages: SupportMessage[] }>(['support', 'conversation', id], (old) =>
        old && !old.messages.some((m) => m.id === message.id) ? { ...old, messages: [...old.messages, message] } : old,
      );
      setText('');
      setImages([]);
      setRequestId(newRequestId());
      lastTyping.current = 0;
      onSent();
    },
  });
  const pick = async (files: FileList | null) => {
    if (!files) return;
    const added = await addPickedImages(images, Array.from(files), rules);
    const p = added.problem;
    const key = { tooMany: 'supportTooMany', notImage: 'supportNotImage', tooBig: 'supportTooBig' } as const;
    setProblem(
      p === null ? null : p.kind === 'tooMany' ? t(key.tooMany, { max: p.max }) : t(key[p.kind], { name: p.name }),
    );
    setImages(added.images);
  };
  const typed = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() !== '' && now - lastTyping.current > SUPPORT_LIMITS.typingEveryMs) {
      lastTyping.current = now;
      void call(sendStaffSupportTyping, { body: { conversationId: id } }).catch(() => undefined);
    }
  };
  const submit = () => {
    if (send.isPending || (text.trim() === '' && images.length === 0)) return;
    send.mutate();
  };
  const error = problem ?? (send.error ? errorText(send.error) : null);
  return (
    <Box sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
      {images.length > 0 && (
        <Stack direction="row" sx={{ gap: 1, mb: 1 }}>
          {images.map((img, i) => (
            <Box key={`${img.name}-${i}`} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={img.preview}
                alt={img.name}
                sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }}
              />
              <IconButton
                size="small"
                aria-label={img.name}
                onClick={() => setImages(images.filter((_, j) => j !== i))}
                sx={{ position: 'absolute', top: -10, right: -10, bgcolor: 'background.paper', boxShadow: 1 }}
              >
                <CloseOutlined sx={{ fontSize: 14 }} />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="support-send-error">
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-end' }}>
        <Tooltip title={t('supportCanned')}>
          <IconButton onClick={(e) => setAnchor(e.currentTarget)} data-testid="support-canned">
            <BoltOutlined />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {(canned.data?.replies ?? []).length === 0 && <MenuItem disabled>{t('supportCannedEmpty')}</MenuItem>}
          {(canned.data?.replies ?? []).map((r) => (
            <MenuItem
              key={r.id}
              onClick={() => {
                setAnchor(null);
                setText(r.body);
              }}
              sx={{ display: 'block', maxWidth: 360, whiteSpace: 'normal' }}
            >
              <Typography variant="subtitle2">{r.title}</Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {r.body}
              </Typography>
            </MenuItem>
          ))}
        </Menu>
        <Tooltip title={t('supportAttach')}>
          <IconButton component="label">
            <AddPhotoAlternateOutlined />
            <input
              type="file"
              hidden
              accept="image/png,image/jpeg"
              multiple
              onChange={(e) => {
                void pick(e.target.files);
                e.target.value = '';
              }}
              data-testid="support-staff-file"
            />
          </IconButton>
        </Tooltip>
        <TextField
          fullWidth
          multiline
          maxRows={5}
          size="small"
          value={text}
          placeholder={t('supportPlaceholder')}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          slotProps={{ htmlInput: { 'data-testid': 'support-reply', 'aria-label': t('supportPlaceholder') } }}
        />
        <Button
          variant="contained"
          endIcon={<Send />}
          onClick={submit}
          disabled={send.isPending || (text.trim() === '' && images.length === 0)}
          data-testid="support-send"
        >
          {t('supportSend')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The member beside the chat: profile, wallets and recent transactions (a guest has none). */
function MemberPanel({ id }: { id: string }) {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const [full, setFull] = useState(false);
  const conv = useQuery({
    queryKey: ['support', 'conversation', id],
    queryFn: () => call(getSupportConversation, { query: { id } }),
  });
  const memberId = conv.data?.conversation.memberId ?? null;
  const profile = useQuery({
    queryKey: ['player', memberId],
    queryFn: () => call(playerProfile, { query: { id: memberId! } }),
    enabled: memberId !== null && can('players.read'),
  });
  if (!conv.data) return null;
  if (!memberId)
    return (
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="support-member">
        <Typography variant="overline">{t('supportGuest')}</Typography>
        <Typography variant="h6">{conv.data.conversation.guestName}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('supportGuestProfile')}
        </Typography>
      </Paper>
    );
  const p = profile.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="support-member">
      <Typography variant="overline">{t('supportProfile')}</Typography>
      {profile.error && <Alert severity="error">{errorText(profile.error)}</Alert>}
      {p && (
        <Stack spacing={1.5}>
          <Box>
            <Typography variant="h6" sx={{ lineHeight: 1.2 }}>
              {p.player.account}
            </Typography>
            <Stack direction="row" sx={{ gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
              <Chip size="small" label={t(typeLabel(p.player.type))} />
              <Chip size="small" color={p.player.status === 'ACTIVE' ? 'success' : 'error'} label={p.player.status} />
            </Stack>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('supportJoined')}: {formatTime(p.player.createdAt)}
            <br />
            {t('supportLastLogin')}: {formatTime(p.player.lastLoginAt)}
          </Typography>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
            {p.wallets.map((w) => (
              <Chip
                key={`${w.kind}-${w.vendorId ?? ''}`}
                variant="outlined"
                label={`${w.kind}${w.vendorId ? ` · ${w.vendorId}` : ''}: ${formatMoney(w.balance, w.currency)}`}
              />
            ))}
          </Stack>
          <Divider />
          <Typography variant="subtitle2">{t('supportRecentTx')}</Typography>
          {p.transactions.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('supportNoTx')}
            </Typography>
          ) : (
            <Stack spacing={0.75} data-testid="support-member-tx">
              {p.transactions.slice(0, 8).map((x) => (
                <Stack key={x.id} direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" noWrap>
                      {x.kind}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatTime(x.createdAt)}
                    </Typography>
                  </Box>
                  <Typography
                    variant="body2"
                    sx={{
                      fontWeight: 700,
                      color: x.direction === 'IN' ? 'success.main' : 'error.main',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {x.direction === 'IN' ? '+' : '−'}
                    {formatMoney(x.amount, SITE_CURRENCY)}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          )}
          <Button size="small" variant="outlined" onClick={() => setFull(true)}>
            {t('supportOpenProfile')}
          </Button>
        </Stack>
      )}
      {full && <PlayerProfile id={memberId} onClose={() => setFull(false)} />}
    </Paper>
  );
}

function CannedReplies() {
  const { t, errorText } = useI18n();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['support', 'canned'], queryFn: () => call(listCannedReplies) });
  const [editing, setEditing] = useState<{ id?: string; title: string; body: string }>({ title: '', body: '' });
  const save = useMutation({
    mutationFn: () => call(saveCannedReply, { body: editing }),
    onSuccess: async () => {
      setEditing({ title: '', body: '' });
      await qc.invalidateQueries({ queryKey: ['support', 'canned'] });
    },
  });
  const remove = useMutation({
    mutationFn: (r: CannedReply) => call(deleteCannedReply, { body: { id: r.id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['support', 'canned'] }),
  });
  const error = save.error ?? remove.error;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '360px 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {editing.id ? t('supportCannedEdit') : t('supportCannedAdd')}
          </Typography>
          <TextField
            label={t('supportCannedTitle')}
            value={editing.title}
            onChange={(e) => setEditing({ ...editing, title: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'canned-title' } }}
          />
          <TextField
            label={t('supportCannedBody')}
            value={editing.body}
            multiline
            minRows={4}
            onChange={(e) => setEditing({ ...editing, body: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'canned-body' } }}
          />
          {error && <Alert severity="error">{errorText(error)}</Alert>}
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
            {editing.id && <Button onClick={() => setEditing({ title: '', body: '' })}>{t('cancel')}</Button>}
            <Button
              variant="contained"
              disabled={save.isPending || !editing.title.trim() || !editing.body.trim()}
              onClick={() => save.mutate()}
              data-testid="canned-save"
            >
              {t('save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Paper variant="outlined">
        {(list.data?.replies ?? []).length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {t('supportCannedEmpty')}
          </Typography>
        ) : (
          <List disablePadding data-testid="canned-list">
            {list.data?.replies.map((r, i) => (
              <Box key={r.id}>
                {i > 0 && <Divider />}
                <Stack direction="row" sx={{ p: 2, gap: 2, alignItems: 'flex-start' }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="subtitle2">{r.title}</Typography>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {r.body}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {r.updatedBy ?? ''} · {formatTime(r.updatedAt)}
                    </Typography>
                  </Box>
                  <Button size="small" onClick={() => setEditing({ id: r.id, title: r.title, body: r.body })}>
                    {t('supportCannedEdit')}
                  </Button>
                  <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate(r)}>
                    {t('supportCannedDelete')}
                  </Button>
                </Stack>
              </Box>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}

function LiveChatSettings() {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const setting = useQuery({ queryKey: ['support', 'live-chat'], queryFn: () => call(getLiveChatSetting) });
  const [url, setUrl] = useState<string | null>(null);
  const value = url ?? setting.data?.externalUrl ?? '';
  const save = useMutation({
    mutationFn: () => call(setLiveChatSetting, { body: { externalUrl: value } }),
    onSuccess: async () => {
      setUrl(null);
      await qc.invalidateQueries({ queryKey: ['support', 'live-chat'] });
    },
  });
  const current = setting.data?.externalUrl ?? '';
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('supportLiveChatLead')}
        </Typography>
        <Alert severity="info" data-testid="live-chat-current">
          {current ? t('supportLiveChatExternal', { url: current }) : t('supportLiveChatBuiltIn')}
        </Alert>
        <TextField
          label={t('supportLiveChatUrl')}
          value={value}
          placeholder="https://"
          disabled={!can('site.manage')}
          onChange={(e) => setUrl(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'live-chat-url' } }}
        />
        {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
        {save.isSuccess && url === null && <Alert severity="success">{t('supportSaved')}</Alert>}
        {can('site.manage') && (
          <Button
            variant="contained"
            sx={{ alignSelf: 'flex-start' }}
            disabled={save.isPending}
            onClick={() => save.mutate()}
            data-testid="live-chat-save"
          >
            {t('save')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
