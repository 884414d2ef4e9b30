import {
  ALWAYS_ON_FIELDS,
  isSiteLink,
  type BoFieldRule,
  type BoLanguage,
  type BoLink,
} from '@portal/contracts/backoffice/site.contract.ts';
import type { Maintenance, RegionRestriction } from '@portal/contracts/ops/ops.contract.ts';
import {
  decryptCustomerServiceUrl,
  encryptCustomerServiceUrl,
} from '@portal/contracts/site/customer-service-cipher.ts';
import { FIELD_PATTERNS, type PatternId } from '@portal/contracts/site/field-patterns.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { isValidRange } from '../site/region-rule.ts';
import type { SiteRepository } from '../site/site.repository.ts';
import type { SiteService } from '../site/site.service.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';

/** Records a change in its own transaction (the back office's audit row); the operator key's calls pass none. */
export type ChangeRecorder<T> = (trx: Transaction<Database>, before: T, after: T) => Promise<void>;

/**
 * The operator's site switches; each write applies at once on this instance (the settings cache is
 * cleared). `npm run ops` and the back office call the same methods, so the same rules hold.
 */
export function opsService(repo: SiteRepository, settings: SettingsRepository, site: SiteService) {
  return {
    setMaintenance(m: Maintenance, record?: ChangeRecorder<Maintenance>): Promise<Maintenance> {
      return settings.update('maintenance', () => m, record);
    },
    async setRegionRestriction(
      r: RegionRestriction,
      record?: ChangeRecorder<RegionRestriction>,
    ): Promise<RegionRestriction> {
      const bad = r.ipRanges.findIndex((range) => !isValidRange(range));
      if (bad >= 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          400,
          `'${r.ipRanges[bad]}' is not an IP address or CIDR range`,
          `body.ipRanges.${bad}`,
        );
      }
      return settings.update('region_restriction', () => ({ ...r, ipRanges: r.ipRanges.map((x) => x.trim()) }), record);
    },
    async setModule(
      modId: string,
      enabled: boolean,
      record?: ChangeRecorder<{ modId: string; enabled: boolean }>,
    ): Promise<{ modId: string; enabled: boolean }> {
      await repo.transaction(async (trx) => {
        const was = await repo.lockModule(trx, modId);
        if (!was || !(await repo.setModuleEnabled(modId, enabled, trx)))
          throw new AppError('NOT_FOUND', 404, `There is no module '${modId}'.`, 'body.modId');
        await record?.(trx, { modId, enabled: was.enabled }, { modId, enabled });
      });
      site.clearFlags();
      return { modId, enabled };
    },
    /**
     * A registration field rule. Username, password, its confirmation and the SMS code stay shown and
     * required (the registration checks force them anyway); the pattern's expression comes from the
     * catalogue, never from the caller; min ≤ max.
     */
    async setFieldRule(
      change: {
        field: string;
        enabled?: boolean | undefined;
        required?: boolean | undefined;
        patternId?: PatternId | undefined;
        minLength?: number | null | undefined;
        maxLength?: number | null | undefined;
      },
      record?: ChangeRecorder<BoFieldRule>,
    ): Promise<BoFieldRule> {
      const after = await repo.transaction(async (trx) => {
        const row = await repo.lockFieldRule(trx, change.field);
        if (!row)
          throw new AppError('NOT_FOUND', 404, `There is no registration field '${change.field}'.`, 'body.field');
        const alwaysOn = (ALWAYS_ON_FIELDS as readonly string[]).includes(row.field);
        if (alwaysOn && (change.enabled === false || change.required === false))
          throw new AppError(
            'SITE_FIELD_ALWAYS_ON',
            400,
            `'${row.field}' is always shown and required.`,
            change.enabled === false ? 'body.enabled' : 'body.required',
          );
        const minLength = change.minLength !== undefined ? change.minLength : row.minLength;
        const maxLength = change.maxLength !== undefined ? change.maxLength : row.maxLength;
        if (minLength !== null && maxLength !== null && minLength > maxLength)
          throw new AppError(
            'VALIDATION_FAILED',
            400,
            `The shortest length (${minLength}) is above the longest (${maxLength}).`,
            change.minLength !== undefined ? 'body.minLength' : 'body.maxLength',
          );
        const updated = await repo.updateFieldRule(trx, row.field, {
          enabled: change.enabled ?? row.enabled,
          // A field that is not shown cannot be required.
          required: (change.enabled ?? row.enabled) ? (change.required ?? row.required) : false,
          ...(change.patternId
            ? { patternId: change.patternId, acceptedPattern: FIELD_PATTERNS[change.patternId] }
            : {}),
          minLength,
          maxLength,
        });
        const out = (r: typeof row): BoFieldRule => ({
          field: r.field,
          enabled: r.enabled,
          required: r.required,
          patternId: r.patternId,
          minLength: r.minLength,
          maxLength: r.maxLength,
        });
        await record?.(trx, out(row), out(updated));
        return out(updated);
      });
      return after;
    },

    /** A language on or off, or made the default: the default is always on, so the site always speaks one. */
    async setLanguage(
      change: { code: string; enabled?: boolean | undefined; makeDefault?: true | undefined },
      record?: ChangeRecorder<{ code: string; enabled: boolean; defaultLanguage: string }>,
    ): Promise<{ languages: BoLanguage[]; defaultLanguage: string }> {
      let audit: { before: { code: string; enabled: boolean; defaultLanguage: string }; after: typeof audit.before };
      const stored = await settings.update(
        'whitelabel',
        async (wl, trx) => {
          if (!wl) throw new Error('site is not configured: the whitelabel setting is missing');
          // Under the white-label row's lock: two staff changing languages queue up here.
          const row = await repo.lockLanguage(trx, change.code);
          if (!row) throw new AppError('NOT_FOUND', 404, `There is no language '${change.code}'.`, 'body.code');
          const current = wl.defaultLanguage;
          const enabled = change.enabled ?? row.enabled;
          if (!enabled && current === row.code)
            throw new AppError(
              'SITE_DEFAULT_LANGUAGE_OFF',
              400,
              `'${row.code}' is the default language: choose another default first.`,
              'body.enabled',
            );
          if (change.makeDefault && !enabled)
            throw new AppError('SITE_LANGUAGE_NOT_ENABLED', 400, `Turn '${row.code}' on first.`, 'body.code');
          if (enabled !== row.enabled) await repo.updateLanguage(trx, row.code, { enabled });
          const defaultLanguage = change.makeDefault ? row.code : current;
          audit = {
            before: { code: row.code, enabled: row.enabled, defaultLanguage: current },
            after: { code: row.code, enabled, defaultLanguage },
          };
          return { ...wl, defaultLanguage };
        },
        record && ((trx) => record(trx, audit.before, audit.after)),
      );
      const defaultLanguage = stored.defaultLanguage;
      const languages = (await repo.listLanguages()).map(({ code, name, nativeName, enabled }) => ({
        code,
        name,
        nativeName,
        enabled,
      }));
      return { languages, defaultLanguage };
    },

    /** A site link's address (social pages, app downloads, customer service, help). */
    async setLink(id: number, url: string, record?: ChangeRecorder<BoLink>): Promise<BoLink> {
      if (!isSiteLink(url))
        throw new AppError('SITE_LINK_INVALID', 400, `'${url}' is not a link the site can open.`, 'body.url');
      return repo.transaction(async (trx) => {
        const row = await repo.lockResource(trx, id);
        if (!row) throw new AppError('NOT_FOUND', 404, `There is no link ${id}.`, 'body.id');
        const updated = await repo.updateResourceUrl(trx, id, url.trim());
        const out = (r: typeof row): BoLink => ({
          id: r.id,
          resourceType: r.resourceType as BoLink['resourceType'],
          name: r.name,
          labelNameEn: r.labelNameEn,
          url: r.url,
        });
        await record?.(trx, out(row), out(updated));
        return out(updated);
      });
    },

    /** The customer-service button's address, stored encrypted (decision 004). */
    async setCustomerService(url: string, record?: ChangeRecorder<{ url: string }>): Promise<{ url: string }> {
      if (!isSiteLink(url))
        throw new AppError('SITE_LINK_INVALID', 400, `'${url}' is not a link the site can open.`, 'body.url');
      const stored = await encryptCustomerServiceUrl(url.trim());
      await settings.update(
        'customer_service',
        () => stored,
        record &&
          (async (trx, before) =>
            record(trx, { url: (await decryptCustomerServiceUrl(before)) ?? '' }, { url: url.trim() })),
      );
      return { url: url.trim() };
    },

    /** What the console's site screen shows besides the gate switches. */
    async siteRules() {
      const [fieldRules, languages, wl, links, cs] = await Promise.all([
        repo.listFieldRules(),
        repo.listLanguages(),
        site.whitelabel(),
        repo.listResources(),
        settings.get('customer_service'),
      ]);
      return {
        fieldRules: fieldRules.map(({ field, enabled, required, patternId, minLength, maxLength }) => ({
          field,
          enabled,
          required,
          patternId,
          minLength,
          maxLength,
        })),
        languages: languages.map(({ code, name, nativeName, enabled }) => ({ code, name, nativeName, enabled })),
        defaultLanguage: wl.defaultLanguage,
        links: links.map((r) => ({
          id: r.id,
          resourceType: r.resourceType as BoLink['resourceType'],
          name: r.name,
          labelNameEn: r.labelNameEn,
          url: r.url,
        })),
        customerServiceUrl: (cs && (await decryptCustomerServiceUrl(cs))) ?? '',
      };
    },

    async status() {
      const { maintenance, region, maintenanceState } = await site.gateSettings();
      return { maintenance, maintenanceState, regionRestriction: region };
    },
  };
}
export type OpsService = ReturnType<typeof opsService>;
