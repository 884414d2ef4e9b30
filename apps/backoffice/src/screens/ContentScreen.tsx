import {
  CONTENT_KINDS,
  deleteContent,
  listContent,
  previewContent,
  saveContent,
  type ContentItem,
  type ContentKind,
  type ContentState,
  type SaveContent,
} from '@portal/contracts/backoffice/content.contract.ts';
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography, useTheme } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HOME_BANNER_GROUP } from '@portal/contracts/content/content.contract.ts';
import { call } from '../api.ts';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { FilterSelect } from '../components/FilterSelect.tsx';
import { chipColumn } from '../components/GridCells.tsx';
import { RichTextEditor, richTextSx } from '../components/RichTextEditor.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { ScreenTabs } from '../components/ScreenTabs.tsx';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { SwitchField } from '../components/SwitchField.tsx';
import { formatTime } from '../format.ts';
import { formatSiteTime, fromSiteInput, siteZoneLabel, toSiteInput } from '@portal/contracts/site-time.ts';
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import type { Messages } from '../messages/en.ts';
import { useSession } from '../session.tsx';

const STATE_COLOR: Record<ContentState, 'default' | 'info' | 'success' | 'warning'> = {
  DRAFT: 'default',
  SCHEDULED: 'info',
  LIVE: 'success',
  ENDED: 'warning',
};

/** The schedule is picked and shown on the site's wall clock (SITE_TIME_ZONE), whatever the browser's zone. */
const toLocalInput = (iso: string | null) => toSiteInput(iso);
const fromLocalInput = (v: string) => fromSiteInput(v) ?? null;

/** Banners, announcements, popups, promotions and help topics per language, with a schedule and a preview. */
export function ContentScreen() {
  const { t } = useI18n();
  const labels = useLabels();
  const { can } = useSession();
  const [kind, setKind] = useState<ContentKind>('PL');
  const [language, setLanguage] = useState('');
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['content', kind, language],
    queryFn: () => call(listContent, { query: { kind, language: language || undefined } }),
  });
  const languages = list.data?.languages ?? [];

  const columns: GridColDef<ContentItem>[] = [
    { field: 'title', headerName: t('title'), flex: 1, minWidth: 180 },
    { field: 'language', headerName: t('language'), width: 110, valueFormatter: (v: string) => labels.language(v) },
    ...(kind === 'PL'
      ? [
          {
            field: 'audience',
            headerName: t('audience'),
            width: 130,
            valueFormatter: (v: string) => t(`audience${v}` as keyof Messages),
          } satisfies GridColDef<ContentItem>,
        ]
      : []),
    chipColumn({
      field: 'state',
      headerName: t('state'),
      width: 120,
      label: (row) => t(`state${row.state}` as keyof Messages),
      color: (row) => STATE_COLOR[row.state],
      testId: () => 'content-state',
    }),
    {
      field: 'publishFrom',
      headerName: t('publishFrom'),
      width: 170,
      valueFormatter: (v: string | null) => formatSiteTime(v),
    },
    {
      field: 'publishUntil',
      headerName: t('publishUntil'),
      width: 170,
      valueFormatter: (v: string | null) => formatSiteTime(v),
    },
    { field: 'updatedAt', headerName: t('updated'), width: 170, valueFormatter: (v: string) => formatTime(v) },
  ];

  return (
    <Stack spacing={2}>
      <ScreenTitle
        title={t('contentTitle')}
        lead={t('contentLead')}
        action={
          can('content.write') && (
            <Button variant="contained" onClick={() => setEditing('new')}>
              {t('newContent')}
            </Button>
          )
        }
      />
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1, alignItems: { md: 'center' } }}>
        <ScreenTabs
          value={kind}
          onChange={setKind}
          tabs={CONTENT_KINDS.map((k) => ({ value: k, label: t(`type${k}` as keyof Messages) }))}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <FilterSelect
          label={t('language')}
          value={language}
          onValue={setLanguage}
          allLabel={t('allLanguages')}
          options={languages}
          optionLabel={labels.language}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          minWidth={160}
        />
      </Stack>
      <DataGrid
        autoHeight
        rows={list.data?.items ?? []}
        columns={columns}
        loading={list.isLoading}
        showToolbar
        onRowClick={(p) => can('content.write') && setEditing(p.row)}
        pageSizeOptions={[25, 50, 100]}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        localeText={{ noRowsLabel: t('nothingYet') }}
        sx={{
          bgcolor: 'background.paper',
          '& .MuiDataGrid-row': { cursor: can('content.write') ? 'pointer' : 'default' },
        }}
        data-testid="content-grid"
      />
      {editing && (
        <ContentDialog
          kind={kind}
          item={editing === 'new' ? null : editing}
          languages={languages}
          defaultLanguage={language || languages[0] || 'ko'}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

type Form = {
  language: string;
  title: string;
  content: string;
  audience: 'ALL' | 'AGENTS';
  execution: 'A' | 'B' | 'F';
  imageUrl: string;
  mobileImageUrl: string;
  subtitle: string;
  ctaLabel: string;
  url: string;
  linkageType: 'INTERNAL' | 'EXTERNAL' | 'NONE';
  groupName: string;
  sort: number;
  active: boolean;
  publishFrom: string;
  publishUntil: string;
};

function ContentDialog({
  kind,
  item,
  languages,
  defaultLanguage,
  onClose,
}: {
  kind: ContentKind;
  item: ContentItem | null;
  languages: string[];
  defaultLanguage: string;
  onClose(): void;
}) {
  const { t } = useI18n();
  const labels = useLabels();
  const qc = useQueryClient();
  const scheme = useTheme().palette.mode;
  const [form, setForm] = useState<Form>({
    language: item?.language ?? defaultLanguage,
    title: item?.title ?? '',
    content: item?.content ?? '',
    audience: item?.audience ?? 'ALL',
    execution: item?.execution ?? 'B',
    imageUrl: item?.imageUrl ?? '',
    mobileImageUrl: item?.mobileImageUrl ?? '',
    subtitle: item?.subtitle ?? '',
    ctaLabel: item?.ctaLabel ?? '',
    url: item?.url ?? '',
    linkageType: item?.linkageType ?? 'INTERNAL',
    groupName: item?.groupName || HOME_BANNER_GROUP,
    sort: item?.sort ?? 0,
    active: item?.active ?? true,
    publishFrom: toLocalInput(item?.publishFrom ?? null),
    publishUntil: toLocalInput(item?.publishUntil ?? null),
  });
  const [preview, setPreview] = useState<string | null>(null);
  const set =
    <K extends keyof Form>(k: K) =>
    (v: Form[K]) =>
      setForm((f) => ({ ...f, [k]: v }));
  const text = (
    k:
      | 'language'
      | 'title'
      | 'imageUrl'
      | 'mobileImageUrl'
      | 'subtitle'
      | 'ctaLabel'
      | 'url'
      | 'groupName'
      | 'publishFrom'
      | 'publishUntil',
  ) => ({ value: form[k], onChange: (e: { target: { value: string } }) => set(k)(e.target.value) }) as const;

  const body = (): SaveContent => {
    const common = {
      ...(item ? { id: item.id } : {}),
      language: form.language,
      title: form.title,
      sort: form.sort,
      active: form.active,
      publishFrom: fromLocalInput(form.publishFrom),
      publishUntil: fromLocalInput(form.publishUntil),
    };
    return kind === 'BANNER'
      ? {
          ...common,
          kind,
          imageUrl: form.imageUrl,
          mobileImageUrl: form.mobileImageUrl,
          subtitle: form.subtitle,
          ctaLabel: form.ctaLabel,
          url: form.url,
          linkageType: form.linkageType,
          groupName: form.groupName,
        }
      : { ...common, kind, content: form.content, audience: form.audience, execution: form.execution };
  };
  const done = async () => {
    await qc.invalidateQueries({ queryKey: ['content'] });
    onClose();
  };
  const save = useMutation({ mutationFn: () => call(saveContent, { body: body() }), onSuccess: done });
  const remove = useMutation({
    mutationFn: () => call(deleteContent, { body: { kind, id: item!.id } }),
    onSuccess: done,
  });
  const showPreview = useMutation({
    mutationFn: () => call(previewContent, { body: { content: form.content } }),
    onSuccess: (v) => setPreview(v.content),
  });
  const error = save.error ?? remove.error ?? showPreview.error;

  return (
    <ActionDialog
      title={`${item ? t('editContent') : t('newContent')} · ${t(`type${kind}` as keyof Messages)}`}
      onClose={onClose}
      onConfirm={() => save.mutate()}
      confirmDisabled={save.isPending}
      error={error}
      form
      browserChecks
      maxWidth="md"
      fullScreenBelow="md"
      extraActions={
        <>
          {item && (
            <Button
              color="error"
              onClick={() => window.confirm(t('deleteConfirm')) && remove.mutate()}
              disabled={remove.isPending}
            >
              {t('delete')}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          {kind !== 'BANNER' && (
            <Button onClick={() => showPreview.mutate()} disabled={showPreview.isPending}>
              {t('preview')}
            </Button>
          )}
        </>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField select label={t('language')} {...text('language')} sx={{ minWidth: 140 }}>
          {languages.map((l) => (
            <MenuItem key={l} value={l}>
              {labels.language(l)}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={t('title')} {...text('title')} required fullWidth />
      </Stack>
      {kind === 'BANNER' ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <TextField label={t('bannerSubtitle')} {...text('subtitle')} fullWidth />
            <TextField label={t('bannerCta')} {...text('ctaLabel')} sx={{ minWidth: 200 }} />
          </Stack>
          <TextField
            label={t('imageUrl')}
            {...text('imageUrl')}
            required
            placeholder="/assets/banners/…"
            helperText={t('imageUrlHelp')}
          />
          <TextField
            label={t('mobileImageUrl')}
            {...text('mobileImageUrl')}
            placeholder="/assets/banners/…-mobile.svg"
            helperText={t('mobileImageUrlHelp')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <SelectField
              label={t('linkageType')}
              value={form.linkageType}
              onValue={set('linkageType')}
              options={['INTERNAL', 'EXTERNAL', 'NONE'] as const}
              optionLabel={(l) => t(`link${l}`)}
              sx={{ minWidth: 200 }}
            />
            <TextField label={t('linkUrl')} {...text('url')} fullWidth />
            <TextField label={t('groupName')} {...text('groupName')} sx={{ minWidth: 120 }} />
          </Stack>
          {form.imageUrl && (
            <Box
              component="img"
              src={form.imageUrl}
              alt={form.title}
              sx={{ maxWidth: '100%', maxHeight: 220, objectFit: 'contain', borderRadius: 1 }}
            />
          )}
        </>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            {kind === 'PL' && (
              <SelectField
                label={t('audience')}
                value={form.audience}
                onValue={set('audience')}
                options={['ALL', 'AGENTS'] as const}
                optionLabel={(a) => t(`audience${a}`)}
                sx={{ minWidth: 200 }}
              />
            )}
            {kind === 'PU' && (
              <SelectField
                label={t('execution')}
                value={form.execution}
                onValue={set('execution')}
                options={['B', 'A', 'F'] as const}
                optionLabel={(x) => t(`execution${x}`)}
                sx={{ minWidth: 220 }}
              />
            )}
          </Stack>
          <RichTextEditor value={form.content} onChange={set('content')} label={t('body')} />
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField
          type="datetime-local"
          label={t('publishFrom')}
          {...text('publishFrom')}
          helperText={t('scheduleHelp', { zone: siteZoneLabel() })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ '& input': { colorScheme: scheme } }}
          fullWidth
        />
        <TextField
          type="datetime-local"
          label={t('publishUntil')}
          {...text('publishUntil')}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ '& input': { colorScheme: scheme } }}
          fullWidth
        />
        <TextField
          type="number"
          label={t('sort')}
          value={form.sort}
          onChange={(e) => set('sort')(Number(e.target.value) || 0)}
          sx={{ width: { sm: 110 }, flexShrink: 0 }}
        />
      </Stack>
      <SwitchField label={t('active')} checked={form.active} onChange={set('active')} />
      {preview !== null && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="content-preview">
          <Typography variant="overline" color="text.secondary">
            {t('preview')} — {t('previewLead')}
          </Typography>
          <Typography variant="h6">{form.title}</Typography>
          <Box sx={richTextSx} dangerouslySetInnerHTML={{ __html: preview }} />
        </Paper>
      )}
    </ActionDialog>
  );
}
