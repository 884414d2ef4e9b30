import {
  addPlayerNote,
  createAdjustment,
  forcePlayerPasswordChange,
  movePlayer,
  playerBets,
  playerDetails,
  playerProfile,
  playerSessions,
  resetPlayerPaymentPassword,
  setPlayerStatus,
  setPlayerType,
} from '@portal/contracts/backoffice/players.contract.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import {
  Alert,
  Breadcrumbs,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { ServerGrid } from '../components/ServerGrid.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import type { Messages } from '../messages/en.ts';
import { useSession } from '../session.tsx';
import { PlayerBonuses } from './PlayerBonuses.tsx';

const TYPES = [0, 1, 2, 41, 42] as const;
export const typeLabel = (type: number) => `memberType${type}` as keyof Messages;
const money = (v: string) => formatMoney(v, SITE_CURRENCY);

type Tool =
  | { kind: 'lock' | 'unlock' | 'force' | 'resetPin' | 'adjust' }
  | { kind: 'move'; uplineAccount: string }
  | { kind: 'type'; type: number }
  | { kind: 'note'; body: string };

/** A short list of the profile (bank accounts, recent transactions): compact, "no rows" when empty. */
function ProfileGrid<R extends GridValidRowModel>(grid: DataGridProps<R>) {
  const { t } = useI18n();
  return <DataGrid<R> autoHeight density="compact" localeText={{ noRowsLabel: t('noRows') }} {...grid} />;
}

/** A member's profile with its tabs and the tools the staff user's role holds. */
export function PlayerProfile({ id, onClose }: { id: string; onClose(): void }) {
  const { t, errorText } = useI18n();
  const labels = useLabels();
  const { can } = useSession();
  const qc = useQueryClient();
  const [tab, setTab] = useState(0);
  const narrow = useMediaQuery('(max-width: 599px)');
  const profile = useQuery({ queryKey: ['player', id], queryFn: () => call(playerProfile, { query: { id } }) });
  const details = useQuery({
    queryKey: ['player', id, 'details'],
    queryFn: () => call(playerDetails, { query: { id } }),
  });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [upline, setUpline] = useState('');
  const [note, setNote] = useState('');
  const act = useMutation({
    mutationFn: async (tool: Tool) => {
      switch (tool.kind) {
        case 'force':
          return void (await call(forcePlayerPasswordChange, { body: { id } }));
        case 'resetPin':
          return void (await call(resetPlayerPaymentPassword, { body: { id } }));
        case 'adjust':
          return void (await call(createAdjustment, { body: { memberId: id, amount: amount.trim(), reason } }));
        case 'move':
          return void (await call(movePlayer, { body: { id, uplineAccount: tool.uplineAccount } }));
        case 'type':
          return void (await call(setPlayerType, { body: { id, type: tool.type as 0 } }));
        case 'note':
          return void (await call(addPlayerNote, { body: { id, body: tool.body } }));
        default:
          await call(setPlayerStatus, { body: { id, status: tool.kind === 'lock' ? 'DISABLED' : 'ACTIVE' } });
      }
    },
    onSuccess: async (_v, tool) => {
      if (tool.kind === 'adjust') {
        setAmount('');
        setReason('');
      }
      if (tool.kind === 'move') setUpline('');
      if (tool.kind === 'note') setNote('');
      await qc.invalidateQueries({
        predicate: (q) => ['player', 'players', 'adjustments'].includes(String(q.queryKey[0])),
      });
    },
  });
  const data = profile.data;
  const p = data?.player;
  const more = details.data;
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={narrow} maxWidth="lg" scroll="paper">
      <DialogTitle>
        {t('profile')} · {p?.account}
      </DialogTitle>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" sx={{ px: 2 }}>
        <Tab label={t('tabOverview')} />
        <Tab label={t('tabBank')} />
        <Tab label={t('tabBets')} />
        <Tab label={t('tabSessions')} />
        <Tab label={t('tabTransactions')} />
        <Tab label={t('tabNotes')} />
        <Tab label={t('tabBonuses')} data-testid="tab-bonuses" />
      </Tabs>
      <DialogContent dividers sx={{ minHeight: 420 }}>
        {act.error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="profile-error">
            {errorText(act.error)}
          </Alert>
        )}
        {p && data && tab === 0 && (
          <Stack spacing={2} data-testid="player-profile">
            <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Chip
                label={labels.memberStatus(p.status)}
                color={p.status === 'ACTIVE' ? 'success' : 'error'}
                data-testid="player-status"
              />
              <Chip label={t(typeLabel(p.type))} variant="outlined" data-testid="player-type" />
              {p.passwordChangeForced && <Chip label={t('passwordChangeForced')} color="warning" />}
              {more && (
                <Chip
                  variant="outlined"
                  label={more.hasPaymentPassword ? t('paymentPasswordSet') : t('paymentPasswordNotSet')}
                  data-testid="payment-password"
                />
              )}
              <Typography variant="body2" color="text.secondary">
                {p.email ?? '—'} · {p.mobile ?? '—'} · {t('created')} {formatTime(p.createdAt)}
              </Typography>
            </Stack>
            {more && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('uplines')}:
                </Typography>
                {more.uplines.length === 0 ? (
                  <Typography variant="body2">{t('noUpline')}</Typography>
                ) : (
                  <Breadcrumbs data-testid="upline-chain">
                    {[...more.uplines].reverse().map((u) => (
                      <Typography key={u.id} variant="body2">
                        {u.account}
                      </Typography>
                    ))}
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {p.account}
                    </Typography>
                  </Breadcrumbs>
                )}
                {more.downlineCount > 0 && <Chip size="small" label={t('downline', { count: more.downlineCount })} />}
                <Typography variant="body2" color="text.secondary" data-testid="referred-by">
                  · {t('referredBy')}: {more.referrer?.account ?? '—'}
                </Typography>
                <Chip
                  size="small"
                  label={t('referredCount', { count: more.referredCount })}
                  data-testid="referred-count"
                />
              </Stack>
            )}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {can('players.lock') &&
                (p.status === 'ACTIVE' ? (
                  <Button color="error" variant="outlined" onClick={() => act.mutate({ kind: 'lock' })}>
                    {t('lock')}
                  </Button>
                ) : (
                  <Button variant="outlined" onClick={() => act.mutate({ kind: 'unlock' })}>
                    {t('unlock')}
                  </Button>
                ))}
              {can('players.forcePassword') && (
                <Button variant="outlined" onClick={() => act.mutate({ kind: 'force' })}>
                  {t('forcePasswordChange')}
                </Button>
              )}
              {can('players.resetPaymentPassword') && more?.hasPaymentPassword && (
                <Button variant="outlined" onClick={() => act.mutate({ kind: 'resetPin' })}>
                  {t('resetPaymentPassword')}
                </Button>
              )}
            </Stack>
            {(can('players.move') || can('players.type')) && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {can('players.type') && p.type !== 4 && (
                  <SelectField
                    size="small"
                    label={t('memberType')}
                    value={p.type}
                    onValue={(ty) => act.mutate({ kind: 'type', type: Number(ty) })}
                    options={TYPES}
                    optionLabel={(ty) => t(typeLabel(ty))}
                    sx={{ minWidth: 180 }}
                  />
                )}
                {can('players.move') && (
                  <Stack
                    component="form"
                    direction="row"
                    spacing={1}
                    onSubmit={(e) => {
                      e.preventDefault();
                      act.mutate({ kind: 'move', uplineAccount: upline.trim() });
                    }}
                  >
                    <TextField
                      size="small"
                      label={t('uplineAccount')}
                      helperText={t('moveMember')}
                      value={upline}
                      onChange={(e) => setUpline(e.target.value)}
                    />
                    <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
                      {t('move')}
                    </Button>
                  </Stack>
                )}
              </Stack>
            )}
            <Divider />
            <Typography variant="subtitle1">{t('wallets')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {/* A member who never held money has no ledger account yet: their main wallet is zero. */}
              {!data.wallets.some((w) => w.kind === 'MEMBER_MAIN') && (
                <Chip
                  variant="outlined"
                  label={`${labels.walletKind('MEMBER_MAIN')}: ${money('0')}`}
                  data-testid="wallet-MEMBER_MAIN"
                />
              )}
              {data.wallets.map((w) => (
                <Chip
                  key={`${w.kind}${w.vendorId ?? ''}`}
                  variant="outlined"
                  label={`${labels.wallet(w)}: ${formatMoney(w.balance, w.currency)}`}
                  data-testid={`wallet-${w.kind}`}
                />
              ))}
            </Stack>
            {can('players.adjust') && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  size="small"
                  label={t('amount')}
                  helperText={t('amountHelp', { currency: SITE_CURRENCY })}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
                <TextField
                  size="small"
                  label={t('reason')}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  sx={{ flex: 1 }}
                />
                <Button
                  variant="contained"
                  onClick={() => act.mutate({ kind: 'adjust' })}
                  disabled={act.isPending}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('adjustBalance')}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
        {tab === 1 && more && (
          <Stack spacing={2} data-testid="player-banks">
            <ProfileGrid
              rows={more.bankAccounts}
              columns={[
                { field: 'payeeName', headerName: t('payeeName'), width: 160 },
                { field: 'bankName', headerName: t('bankName'), width: 180 },
                { field: 'accountNumber', headerName: t('accountNumber'), flex: 1, minWidth: 160 },
                {
                  field: 'createdAt',
                  headerName: t('created'),
                  width: 170,
                  valueFormatter: (v: string) => formatTime(v),
                },
              ]}
              hideFooter
            />
          </Stack>
        )}
        {tab === 2 && (
          <ServerGrid
            density="compact"
            queryKey={['player', id, 'bets']}
            fetch={(paging) =>
              call(playerBets, { query: { id, ...paging } }).then((v) => ({ rows: v.rounds, total: v.total }))
            }
            getRowId={(r) => `${r.vendorId}:${r.roundId}`}
            localeText={{ noRowsLabel: t('noRows') }}
            columns={[
              {
                field: 'lastAt',
                headerName: t('lastActivity'),
                width: 170,
                valueFormatter: (v: string) => formatTime(v),
              },
              { field: 'vendorName', headerName: t('vendor'), width: 130 },
              { field: 'roundId', headerName: t('round'), flex: 1, minWidth: 200 },
              { field: 'bet', headerName: t('bet'), width: 120, valueFormatter: money },
              { field: 'win', headerName: t('win'), width: 120, valueFormatter: money },
              { field: 'rolledBack', headerName: t('rolledBack'), width: 120, valueFormatter: money },
              { field: 'transactions', headerName: t('transactionCount'), width: 110, type: 'number' },
            ]}
          />
        )}
        {tab === 3 && (
          <Stack spacing={2}>
            <ServerGrid
              density="compact"
              queryKey={['player', id, 'sessions']}
              fetch={(paging) =>
                call(playerSessions, { query: { id, ...paging } }).then((v) => ({ rows: v.sessions, total: v.total }))
              }
              localeText={{ noRowsLabel: t('noRows') }}
              columns={[
                { field: 'createdAt', headerName: t('at'), width: 170, valueFormatter: (v: string) => formatTime(v) },
                { field: 'ip', headerName: t('ip'), width: 140 },
                { field: 'live', headerName: t('status'), width: 90, type: 'boolean' },
                {
                  field: 'lastSeenAt',
                  headerName: t('lastActivity'),
                  width: 170,
                  valueFormatter: (v: string) => formatTime(v),
                },
                { field: 'userAgent', headerName: t('device'), flex: 1, minWidth: 200 },
              ]}
            />
            {more && (
              <>
                <Typography variant="subtitle1">{t('knownAddresses')}</Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {more.knownAddresses.length === 0 && <Typography variant="body2">{t('noRows')}</Typography>}
                  {more.knownAddresses.map((a) => (
                    <Chip
                      key={a.ip}
                      variant="outlined"
                      label={`${a.ip} · ${t('firstSeen')} ${formatTime(a.firstSeenAt)}`}
                    />
                  ))}
                </Stack>
              </>
            )}
          </Stack>
        )}
        {tab === 4 && data && (
          <ProfileGrid
            rows={data.transactions}
            columns={[
              { field: 'createdAt', headerName: t('at'), width: 170, valueFormatter: (v: string) => formatTime(v) },
              { field: 'kind', headerName: t('kind'), width: 180, valueFormatter: (v: string) => labels.txKind(v) },
              {
                field: 'amount',
                headerName: t('amount'),
                width: 160,
                valueGetter: (v: string, row) => `${row.direction === 'IN' ? '+' : '−'}${money(v)}`,
              },
            ]}
            hideFooter
          />
        )}
        {tab === 5 && more && (
          <Stack spacing={2} data-testid="player-notes">
            <Typography variant="body2" color="text.secondary">
              {t('notesLead')}
            </Typography>
            {can('players.note') && (
              <Stack
                component="form"
                spacing={1}
                onSubmit={(e) => {
                  e.preventDefault();
                  act.mutate({ kind: 'note', body: note });
                }}
              >
                <TextField
                  multiline
                  minRows={2}
                  label={t('note')}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 2000 } }}
                />
                <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={act.isPending}>
                  {t('addNote')}
                </Button>
              </Stack>
            )}
            {more.notes.length === 0 && <Typography variant="body2">{t('noRows')}</Typography>}
            {more.notes.map((n) => (
              <Stack key={n.id} spacing={0.5} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                <Typography variant="caption" color="text.secondary">
                  {n.author} · {formatTime(n.createdAt)}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {n.body}
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
        {tab === 6 && <PlayerBonuses memberId={id} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
