import {
  boSetCustomerService,
  boSetFieldRule,
  boSetLanguage,
  boSetLink,
  boSetMaintenance,
  boSetModule,
  boSetRegionRestriction,
  boSiteSettings,
  ALWAYS_ON_FIELDS,
  FIELD_LENGTH_MAX,
  isSiteLink,
  type BoFieldRule,
  type BoLink,
} from '@portal/contracts/backoffice/site.contract.ts';
import { FIELD_PATTERNS, type PatternId } from '@portal/contracts/site/field-patterns.ts';
import { getCountryCodes } from '@portal/contracts/site/site.contract.ts';
import type { RouteValue } from '@portal/contracts/http.ts';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  MenuItem,
  Radio,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, call } from '../api.ts';
import { formatSiteTime, fromSiteInput, siteZoneLabel, toSiteInput } from '@portal/contracts/site-time.ts';
import { useI18n } from '../i18n.tsx';
import type { Messages } from '../messages/en.ts';
import { useSession } from '../session.tsx';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { switchColumn } from '../components/GridCells.tsx';
import { ScreenTabs } from '../components/ScreenTabs.tsx';
import { SwitchField } from '../components/SwitchField.tsx';
import { SaveRow, SectionCard } from '../components/SectionCard.tsx';

type Settings = RouteValue<typeof boSiteSettings>;
const KEY = ['bo-site'];
const TABS = ['gate', 'modules', 'fields', 'languages', 'links'] as const;
type TabKey = (typeof TABS)[number];
const TAB_LABEL: Record<TabKey, keyof Messages> = {
  gate: 'siteTabGate',
  modules: 'siteTabModules',
  fields: 'siteTabFields',
  languages: 'siteTabLanguages',
  links: 'siteTabLinks',
};
/** The languages the player site has message sets for (apps/web/src/locales/resources.ts). */
const PLAYER_SITE_TEXTS = ['ko', 'en', 'zh'];

/** The field of a refused call (`body.ipRanges.2` → ['ipRanges', '2']). */
const fieldOf = (e: unknown) => (e instanceof ApiError && e.field ? e.field.replace(/^body\./, '').split('.') : []);

/**
 * The site's switches: maintenance and region restriction, modules (feature flags), registration field
 * rules, languages and links. The same services and rules as `npm run ops`; every change is audited.
 */
export function SiteScreen() {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const manage = can('site.manage');
  const [tab, setTab] = useState<TabKey>('gate');
  const settings = useQuery({ queryKey: KEY, queryFn: () => call(boSiteSettings) });
  return (
    <Stack spacing={2} data-testid="site-screen">
      <Typography variant="h5">{t('siteTitle')}</Typography>
      {!manage && <Alert severity="info">{t('siteReadOnly')}</Alert>}
      {settings.error && <Alert severity="error">{errorText(settings.error)}</Alert>}
      <ScreenTabs value={tab} onChange={setTab} tabs={TABS.map((k) => ({ value: k, label: t(TAB_LABEL[k]) }))} />
      {settings.data && (
        <>
          {tab === 'gate' && (
            <Stack spacing={2}>
              <MaintenanceCard
                value={settings.data.maintenance}
                state={settings.data.maintenanceState}
                manage={manage}
              />
              <RegionCard value={settings.data.regionRestriction} manage={manage} />
            </Stack>
          )}
          {tab === 'modules' && <ModulesCard modules={settings.data.modules} manage={manage} />}
          {tab === 'fields' && <FieldsCard rules={settings.data.fieldRules} manage={manage} />}
          {tab === 'languages' && <LanguagesCard settings={settings.data} manage={manage} />}
          {tab === 'links' && <LinksCard settings={settings.data} manage={manage} />}
        </>
      )}
    </Stack>
  );
}

/** A save that refreshes the screen's settings and says whether it worked. */
function useSave<A>(fn: (a: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: KEY }) });
}

function MaintenanceCard({
  value,
  state,
  manage,
}: {
  value: Settings['maintenance'];
  state: Settings['maintenanceState'];
  manage: boolean;
}) {
  const { t, errorText } = useI18n();
  const [enabled, setEnabled] = useState(value.enabled);
  const [title, setTitle] = useState(value.title);
  const [info, setInfo] = useState(value.info);
  // The window is picked on the site's clock (SITE_TIME_ZONE), whatever the browser's zone.
  const [start, setStart] = useState(toSiteInput(value.startTime));
  const [end, setEnd] = useState(toSiteInput(value.endTime));
  const save = useSave(() =>
    call(boSetMaintenance, {
      body: { enabled, title, info, startTime: fromSiteInput(start) ?? null, endTime: fromSiteInput(end) ?? null },
    }),
  );
  const startAt = start ? Date.parse(fromSiteInput(start) ?? '') : NaN;
  const endAt = end ? Date.parse(fromSiteInput(end) ?? '') : NaN;
  const backwards = startAt >= endAt;
  const endPast = enabled && !backwards && endAt < Date.now();
  const refusedEnd = fieldOf(save.error)[0] === 'endTime';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!backwards) save.mutate(undefined);
  };
  const picker = { disabled: !manage, type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } } as const;
  return (
    <SectionCard title={t('siteMaintenance')} testId="site-maintenance">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <SwitchField label={t('siteMaintenanceOn')} checked={enabled} disabled={!manage} onChange={setEnabled} />
        {state === 'ON' && (
          <Alert severity="warning" data-testid="maintenance-live">
            {t('siteMaintenanceLive')}
          </Alert>
        )}
        {state === 'SCHEDULED' && (
          <Alert severity="info" data-testid="maintenance-scheduled">
            {t('siteMaintenanceScheduled', { start: formatSiteTime(value.startTime) })}
          </Alert>
        )}
        {state === 'ENDED' && (
          <Alert severity="info" data-testid="maintenance-ended">
            {t('siteMaintenanceEnded', { end: formatSiteTime(value.endTime) })}
          </Alert>
        )}
        <TextField
          label={t('siteMaintenanceTitle')}
          value={title}
          disabled={!manage}
          onChange={(e) => setTitle(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label={t('siteMaintenanceInfo')}
          value={info}
          disabled={!manage}
          multiline
          minRows={3}
          onChange={(e) => setInfo(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Typography variant="body2" color="text.secondary" data-testid="maintenance-zone">
          {t('siteMaintenanceWindow', { zone: siteZoneLabel() })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...picker}
            label={t('siteMaintenanceStart')}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            helperText={t('siteMaintenanceStartHelp')}
            sx={{ maxWidth: { sm: 320 } }}
            fullWidth
          />
          <TextField
            {...picker}
            label={t('siteMaintenanceEnd')}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={backwards || endPast || refusedEnd}
            helperText={
              backwards || refusedEnd
                ? t('siteMaintenanceBackwards')
                : endPast
                  ? t('siteMaintenanceEndPast')
                  : t('siteMaintenanceEndHelp')
            }
            sx={{ maxWidth: { sm: 320 } }}
            fullWidth
          />
        </Stack>
        <SaveRow
          manage={manage}
          pending={save.isPending}
          saved={save.isSuccess}
          error={save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
        />
      </Stack>
    </SectionCard>
  );
}

function RegionCard({ value, manage }: { value: Settings['regionRestriction']; manage: boolean }) {
  const { t, errorText } = useI18n();
  const countries = useQuery({
    queryKey: ['country-codes'],
    queryFn: () => call(getCountryCodes),
    staleTime: Infinity,
  });
  const [enabled, setEnabled] = useState(value.enabled);
  const [blocked, setBlocked] = useState<string[]>(value.countries);
  const [ranges, setRanges] = useState(value.ipRanges.join('\n'));
  const lines = ranges
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const badCountry = blocked.find((c) => !/^[A-Z]{2}$/.test(c));
  const save = useSave(() => call(boSetRegionRestriction, { body: { enabled, countries: blocked, ipRanges: lines } }));
  const [field, index] = fieldOf(save.error);
  const ipError =
    field === 'ipRanges' && index !== undefined
      ? t('siteIpInvalid', { line: Number(index) + 1, value: lines[Number(index)] ?? '' })
      : undefined;
  const names = new Map((countries.data ?? []).map((c) => [c.countryCode, c.name]));
  return (
    <SectionCard title={t('siteRegion')} lead={t('siteRegionLead')} testId="site-region">
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!badCountry) save.mutate(undefined);
        }}
      >
        <SwitchField label={t('siteRegionOn')} checked={enabled} disabled={!manage} onChange={setEnabled} />
        <Autocomplete
          multiple
          freeSolo
          disabled={!manage}
          options={(countries.data ?? []).map((c) => c.countryCode)}
          getOptionLabel={(c) => (names.get(c) ? `${c} · ${names.get(c)}` : c)}
          value={blocked}
          onChange={(_e, v) => setBlocked(v.map((c) => c.trim().toUpperCase()))}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('siteCountries')}
              error={Boolean(badCountry) || field === 'countries'}
              helperText={badCountry || field === 'countries' ? t('siteCountryInvalid') : undefined}
            />
          )}
        />
        <TextField
          label={t('siteIpRanges')}
          value={ranges}
          disabled={!manage}
          multiline
          minRows={3}
          onChange={(e) => setRanges(e.target.value)}
          error={Boolean(ipError)}
          helperText={ipError ?? t('siteIpRangesHelp')}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <SaveRow
          manage={manage}
          pending={save.isPending}
          saved={save.isSuccess}
          error={save.error && !ipError && <Alert severity="error">{errorText(save.error)}</Alert>}
        />
      </Stack>
    </SectionCard>
  );
}

function ModulesCard({ modules, manage }: { modules: Settings['modules']; manage: boolean }) {
  const { t, errorText } = useI18n();
  const save = useSave((b: { modId: string; enabled: boolean }) => call(boSetModule, { body: b }));
  const byId = new Map(modules.map((m) => [m.modId, m]));
  const depth = (m: Settings['modules'][number]): number => (m.parentId ? 1 + depth(byId.get(m.parentId)!) : 0);
  const offAbove = (m: Settings['modules'][number]): string | null => {
    const p = m.parentId ? byId.get(m.parentId) : undefined;
    if (!p) return null;
    return p.enabled ? offAbove(p) : p.modId;
  };
  // Parents before their children, in the site's order.
  const ordered: Settings['modules'] = [];
  const add = (parent: string | null) =>
    modules
      .filter((m) => m.parentId === parent)
      .forEach((m) => {
        ordered.push(m);
        add(m.modId);
      });
  add(null);
  return (
    <SectionCard title={t('siteTabModules')} lead={t('siteModulesLead')} testId="site-modules">
      {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
      <Stack divider={<Box sx={{ borderBottom: 1, borderColor: 'divider' }} />}>
        {ordered.map((m) => {
          const above = offAbove(m);
          return (
            <Stack
              key={m.modId}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', pl: depth(m) * 3, py: 0.5, minHeight: 44 }}
            >
              <Switch
                checked={m.enabled}
                disabled={!manage || save.isPending}
                onChange={(e) => save.mutate({ modId: m.modId, enabled: e.target.checked })}
                slotProps={{ input: { 'aria-label': m.modId } }}
              />
              <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{m.modId}</Typography>
              {above && m.enabled && <Chip size="small" label={t('siteModuleOffAbove', { parent: above })} />}
            </Stack>
          );
        })}
      </Stack>
    </SectionCard>
  );
}

type FieldChange = { field: string } & Partial<Omit<BoFieldRule, 'field' | 'patternId'>> & { patternId?: PatternId };

function FieldsCard({ rules, manage }: { rules: BoFieldRule[]; manage: boolean }) {
  const { t, errorText } = useI18n();
  const [editing, setEditing] = useState<BoFieldRule | null>(null);
  const save = useSave((body: FieldChange) => call(boSetFieldRule, { body }));
  const locked = (f: string) => (ALWAYS_ON_FIELDS as readonly string[]).includes(f);
  const columns: GridColDef<BoFieldRule>[] = [
    { field: 'field', headerName: t('siteField'), minWidth: 150, flex: 1 },
    switchColumn({
      field: 'enabled',
      headerName: t('siteFieldShown'),
      width: 90,
      rowName: (row) => row.field,
      disabled: (row) => !manage || locked(row.field) || save.isPending,
      checked: (row) => row.enabled,
      onToggle: (row, enabled) => save.mutate({ field: row.field, enabled }),
    }),
    switchColumn({
      field: 'required',
      headerName: t('siteFieldRequired'),
      width: 100,
      rowName: (row) => row.field,
      disabled: (row) => !manage || locked(row.field) || !row.enabled || save.isPending,
      checked: (row) => row.required,
      onToggle: (row, required) => save.mutate({ field: row.field, required }),
    }),
    { field: 'patternId', headerName: t('sitePattern'), width: 190 },
    { field: 'minLength', headerName: t('siteMinLength'), width: 90, type: 'number' },
    { field: 'maxLength', headerName: t('siteMaxLength'), width: 90, type: 'number' },
    {
      field: 'actions',
      headerName: '',
      width: 110,
      sortable: false,
      filterable: false,
      disableExport: true,
      renderCell: (p) =>
        manage && (
          <Button
            size="small"
            onClick={() => setEditing(p.row)}
            aria-label={t('siteEditField', { field: p.row.field })}
          >
            {t('siteEdit')}
          </Button>
        ),
    },
  ];
  return (
    <SectionCard title={t('siteTabFields')} lead={t('siteFieldsLead')} testId="site-fields">
      {save.error && !editing && <Alert severity="error">{errorText(save.error)}</Alert>}
      <DataGrid
        autoHeight
        rows={rules}
        getRowId={(r) => r.field}
        columns={columns}
        density="compact"
        hideFooter
        disableRowSelectionOnClick
        sx={{ border: 0 }}
      />
      {editing && <FieldDialog rule={editing} onClose={() => setEditing(null)} />}
    </SectionCard>
  );
}

function FieldDialog({ rule, onClose }: { rule: BoFieldRule; onClose(): void }) {
  const { t } = useI18n();
  const locked = (ALWAYS_ON_FIELDS as readonly string[]).includes(rule.field);
  const [enabled, setEnabled] = useState(rule.enabled);
  const [required, setRequired] = useState(rule.required);
  const [patternId, setPatternId] = useState(rule.patternId);
  const [min, setMin] = useState(rule.minLength === null ? '' : String(rule.minLength));
  const [max, setMax] = useState(rule.maxLength === null ? '' : String(rule.maxLength));
  const save = useSave((body: FieldChange) => call(boSetFieldRule, { body }));
  const length = (v: string) => {
    if (v.trim() === '') return { ok: true as const, n: null };
    const n = Number(v);
    return Number.isInteger(n) && n >= 0 && n <= FIELD_LENGTH_MAX ? { ok: true as const, n } : { ok: false as const };
  };
  const lo = length(min);
  const hi = length(max);
  const reversed = lo.ok && hi.ok && lo.n !== null && hi.n !== null && lo.n > hi.n;
  const [serverField] = fieldOf(save.error);
  const minError = !lo.ok
    ? t('siteLengthInvalid', { max: FIELD_LENGTH_MAX })
    : reversed || serverField === 'minLength'
      ? t('siteLengthReversed')
      : undefined;
  const maxError = !hi.ok ? t('siteLengthInvalid', { max: FIELD_LENGTH_MAX }) : undefined;
  const submit = () => {
    if (!lo.ok || !hi.ok || reversed) return;
    save.mutate(
      {
        field: rule.field,
        ...(locked ? {} : { enabled, required: enabled && required }),
        patternId: patternId as PatternId,
        minLength: lo.n,
        maxLength: hi.n,
      },
      { onSuccess: onClose },
    );
  };
  return (
    <ActionDialog
      title={t('siteEditField', { field: rule.field })}
      onClose={onClose}
      onConfirm={submit}
      confirmDisabled={save.isPending}
      error={minError ? null : save.error}
      form
    >
      {locked ? (
        <Alert severity="info">{t('siteFieldAlwaysOn')}</Alert>
      ) : (
        <>
          <SwitchField label={t('siteFieldShown')} checked={enabled} onChange={setEnabled} />
          <SwitchField
            label={t('siteFieldRequired')}
            checked={enabled && required}
            disabled={!enabled}
            onChange={setRequired}
          />
        </>
      )}
      <TextField select label={t('sitePattern')} value={patternId} onChange={(e) => setPatternId(e.target.value)}>
        {(Object.keys(FIELD_PATTERNS) as PatternId[]).map((p) => (
          <MenuItem key={p} value={p}>
            <Stack>
              <span>{p}</span>
              <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {FIELD_PATTERNS[p]}
              </Typography>
            </Stack>
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={2}>
        <TextField
          label={t('siteMinLength')}
          value={min}
          onChange={(e) => setMin(e.target.value)}
          error={Boolean(minError)}
          helperText={minError}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label={t('siteMaxLength')}
          value={max}
          onChange={(e) => setMax(e.target.value)}
          error={Boolean(maxError)}
          helperText={maxError}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
    </ActionDialog>
  );
}

function LanguagesCard({ settings, manage }: { settings: Settings; manage: boolean }) {
  const { t, errorText } = useI18n();
  const save = useSave((body: { code: string; enabled?: boolean; makeDefault?: true }) =>
    call(boSetLanguage, { body }),
  );
  const columns: GridColDef<Settings['languages'][number]>[] = [
    {
      field: 'default',
      headerName: t('siteLanguageDefault'),
      width: 90,
      sortable: false,
      renderCell: (p) => (
        <Radio
          checked={settings.defaultLanguage === p.row.code}
          disabled={!manage || !p.row.enabled || save.isPending}
          onChange={() => save.mutate({ code: p.row.code, makeDefault: true })}
          slotProps={{ input: { 'aria-label': `${t('siteMakeDefault')} ${p.row.code}` } }}
        />
      ),
    },
    switchColumn({
      field: 'enabled',
      headerName: t('siteLanguageOn'),
      width: 90,
      rowName: (row) => row.code,
      disabled: (row) => !manage || settings.defaultLanguage === row.code || save.isPending,
      checked: (row) => row.enabled,
      onToggle: (row, enabled) => save.mutate({ code: row.code, enabled }),
    }),
    { field: 'code', headerName: t('siteLanguageCode'), width: 70 },
    { field: 'nativeName', headerName: t('name'), minWidth: 140, flex: 1 },
    { field: 'name', headerName: t('siteLanguageEnglish'), minWidth: 120, flex: 1 },
    {
      field: 'texts',
      headerName: '',
      width: 130,
      sortable: false,
      valueGetter: (_v, row) => PLAYER_SITE_TEXTS.includes(row.code),
      renderCell: (p) =>
        p.value ? (
          <Chip size="small" color="success" variant="outlined" label={t('siteLanguageHasTexts')} />
        ) : (
          <Chip size="small" variant="outlined" label={t('siteLanguageNoTexts')} />
        ),
    },
  ];
  return (
    <SectionCard title={t('siteTabLanguages')} lead={t('siteLanguagesLead')} testId="site-languages">
      {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
      <DataGrid
        autoHeight
        rows={settings.languages}
        getRowId={(r) => r.code}
        columns={columns}
        density="compact"
        disableRowSelectionOnClick
        initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        pageSizeOptions={[10, 50]}
        sx={{ border: 0 }}
      />
    </SectionCard>
  );
}

function LinksCard({ settings, manage }: { settings: Settings; manage: boolean }) {
  const { t, lang } = useI18n();
  return (
    <Stack spacing={2}>
      <SectionCard title={t('siteCustomerService')} lead={t('siteCustomerServiceHelp')} testId="site-customer-service">
        <LinkForm
          label={t('siteLinkUrl')}
          value={settings.customerServiceUrl}
          manage={manage}
          save={(url) => call(boSetCustomerService, { body: { url } })}
        />
      </SectionCard>
      <SectionCard title={t('siteTabLinks')} lead={t('siteLinksLead')} testId="site-links">
        <Stack spacing={2}>
          {settings.links.map((l: BoLink) => (
            <LinkForm
              key={l.id}
              label={`${lang === 'ko' ? l.name : l.labelNameEn} (${l.resourceType})`}
              value={l.url}
              manage={manage}
              save={(url) => call(boSetLink, { body: { id: l.id, url } })}
            />
          ))}
        </Stack>
      </SectionCard>
    </Stack>
  );
}

function LinkForm({
  label,
  value,
  manage,
  save: send,
}: {
  label: string;
  value: string;
  manage: boolean;
  save(url: string): Promise<unknown>;
}) {
  const { t, errorText } = useI18n();
  const [url, setUrl] = useState(value);
  const [touched, setTouched] = useState(false);
  const save = useSave((u: string) => send(u));
  const invalid = touched && !isSiteLink(url);
  const serverInvalid = save.error instanceof ApiError && save.error.code === 'SITE_LINK_INVALID';
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      noValidate
      sx={{ alignItems: { sm: 'flex-start' } }}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (isSiteLink(url)) save.mutate(url.trim());
      }}
    >
      <TextField
        label={label}
        value={url}
        disabled={!manage}
        fullWidth
        size="small"
        onChange={(e) => {
          setUrl(e.target.value);
          save.reset();
        }}
        onBlur={() => setTouched(true)}
        error={invalid || serverInvalid}
        helperText={
          invalid || serverInvalid
            ? t('siteLinkInvalid')
            : save.error
              ? errorText(save.error)
              : save.isSuccess
                ? t('saved')
                : undefined
        }
        slotProps={{ htmlInput: { maxLength: 500, spellCheck: false } }}
      />
      {manage && (
        <Button
          type="submit"
          variant="outlined"
          disabled={save.isPending || url.trim() === value}
          sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, mt: { sm: 0.25 } }}
        >
          {t('save')}
        </Button>
      )}
    </Stack>
  );
}
