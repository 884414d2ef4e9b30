import type { Flags, ModuleNode, Permission, SystemStatus } from '@portal/contracts/site/site.contract.ts';
import { MODULE_FLAGS, SYSTEM_STATUS, type ModuleFlag } from '@portal/contracts/limits.ts';
import { maintenanceState } from '@portal/contracts/ops/ops.contract.ts';
import { isRegionBlocked } from './region-rule.ts';
import type { SiteRepository } from './site.repository.ts';
import { SETTING_CACHE_MS, type WhitelabelSetting } from './settings.ts';
import type { SettingsRepository } from './settings.repository.ts';

export interface Visitor {
  ip: string;
  country: string | null;
}

export function siteService(repo: SiteRepository, settings: SettingsRepository, clock: () => Date = () => new Date()) {
  /**
   * Maintenance and region rules: read on every request, so the settings repository caches them
   * briefly. `inMaintenance` is whether players see maintenance now: switched on and inside its
   * window on the composition root's clock (decision 042).
   */
  async function gateSettings() {
    const [maintenance, region] = await Promise.all([settings.get('maintenance'), settings.get('region_restriction')]);
    const state = maintenanceState(maintenance, clock());
    return { maintenance, region, maintenanceState: state, inMaintenance: state === 'ON' };
  }

  async function whitelabel(): Promise<WhitelabelSetting> {
    const wl = await settings.get('whitelabel');
    if (!wl) throw new Error('site is not configured: the whitelabel setting is missing');
    return wl;
  }

  let flagsCache: { at: number; value: Promise<{ modules: ModuleNode[]; flags: Flags }> } | null = null;

  /** The module tree and the effective flags; like the gate settings, trusted for a second. */
  function flags(): Promise<{ modules: ModuleNode[]; flags: Flags }> {
    if (flagsCache && Date.now() - flagsCache.at < SETTING_CACHE_MS) return flagsCache.value;
    const value = loadFlags();
    flagsCache = { at: Date.now(), value };
    value.catch(() => {
      if (flagsCache?.value === value) flagsCache = null;
    });
    return value;
  }

  async function loadFlags(): Promise<{ modules: ModuleNode[]; flags: Flags }> {
    const rows = await repo.listModules();
    const nodes = new Map<string, ModuleNode & { parentId: string | null }>();
    for (const r of rows)
      nodes.set(r.modId, { modId: r.modId, enabled: r.enabled, childrenNodes: [], parentId: r.parentId });
    const roots: ModuleNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : undefined;
      (parent ? parent.childrenNodes : roots).push(node);
    }
    // A flag is on only when its module and every module above it are on.
    const effective = (id: string): boolean => {
      const n = nodes.get(id);
      return !!n && n.enabled && (n.parentId === null || effective(n.parentId));
    };
    const result = Object.fromEntries(MODULE_FLAGS.map((f) => [f, effective(f)])) as Record<ModuleFlag, boolean>;
    const strip = (n: ModuleNode): ModuleNode => ({
      modId: n.modId,
      enabled: n.enabled,
      childrenNodes: n.childrenNodes.map(strip),
    });
    return { modules: roots.map(strip), flags: result };
  }

  return {
    gateSettings,
    whitelabel,
    flags,
    /** Forget the module flags (after an operator switched a module). */
    clearFlags() {
      flagsCache = null;
    },

    /** The brand and public address for messages; empty when the site is not set up yet. */
    async identity(): Promise<{ siteName?: string; mainDomain?: string }> {
      const wl = await settings.get('whitelabel');
      return {
        ...(wl?.siteName ? { siteName: wl.siteName } : {}),
        ...(wl?.mainDomain ? { mainDomain: wl.mainDomain } : {}),
      };
    },

    async status(visitor: Visitor): Promise<SystemStatus> {
      const { maintenance, region, inMaintenance } = await gateSettings();
      const blocked = isRegionBlocked(region, visitor.ip, visitor.country);
      const status = inMaintenance
        ? SYSTEM_STATUS.maintenance
        : blocked
          ? SYSTEM_STATUS.regionRestricted
          : SYSTEM_STATUS.normal;
      return {
        status,
        maintenance: inMaintenance,
        regionRestriction: blocked,
        maintenanceInfo: inMaintenance
          ? { title: maintenance.title, info: maintenance.info, endTime: maintenance.endTime }
          : null,
        location: { ip: visitor.ip, country: visitor.country },
      };
    },

    async permission(): Promise<Permission> {
      const [wl, resources, languages, cdn, routers, cs, f] = await Promise.all([
        whitelabel(),
        repo.listResources(),
        repo.listEnabledLanguages(),
        repo.listCdnHosts(),
        repo.listDomainRouters(),
        settings.get('customer_service'),
        flags(),
      ]);
      return {
        customerService: cs,
        domainRoute: routers.find((r) => r.main)?.route ?? 'MEMBER',
        mainDomain: wl.mainDomain,
        resources: resources.map((r) => ({
          resourceType: r.resourceType as Permission['resources'][number]['resourceType'],
          name: r.name,
          labelNameEn: r.labelNameEn,
          url: r.url,
        })),
        whitelabel: {
          siteName: wl.siteName,
          merchantCode: wl.merchantCode,
          logoUrl: wl.logoUrl,
          licenceLine: wl.licenceLine,
          copyrightYear: wl.copyrightYear,
          ageLimit: wl.ageLimit,
          defaultLanguage: wl.defaultLanguage,
        },
        register: { direct: f.flags.DIRECT_REGISTER, mobile: f.flags.MOBILE_REGISTER },
        analytics: { gtagId: wl.gtagId },
        imageCDNs: cdn.filter((c) => c.kind === 'IMAGE').map((c) => c.url),
        launchGameCDNs: cdn.filter((c) => c.kind === 'LAUNCH').map((c) => c.url),
        languages,
      };
    },

    async setRegister() {
      const [f, reg] = await Promise.all([flags(), settings.get('register')]);
      return {
        directRegister: f.flags.DIRECT_REGISTER,
        mobileRegister: f.flags.MOBILE_REGISTER,
        smsVerification: f.flags.SMS_VERIFICATION,
        mobilePasswordRegister: f.flags.MOBILE_PASSWORD_REGISTER,
        minimumAge: reg.minimumAge,
        affiliateCheck: reg.affiliateCheck,
      };
    },

    async icon() {
      const wl = await whitelabel();
      return { logoUrl: wl.logoUrl, faviconUrl: wl.faviconUrl, loaderUrl: wl.loaderUrl };
    },

    async countryCodes() {
      const rows = await repo.listCountries();
      return rows.map((r) => ({ countryCode: r.countryCode, countryDialingCode: r.dialingCode, name: r.name }));
    },

    async fieldRules() {
      const rows = await repo.listFieldRules();
      return rows.map(({ sort: _sort, ...rule }) => rule);
    },

    async domainRouters() {
      return repo.listDomainRouters();
    },

    async imageHosts(): Promise<string[]> {
      return (await repo.listCdnHosts()).filter((c) => c.kind === 'IMAGE').map((c) => c.url);
    },
  };
}
export type SiteService = ReturnType<typeof siteService>;
