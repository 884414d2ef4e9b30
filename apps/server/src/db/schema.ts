import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface SiteSettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface ModuleTable {
  modId: string;
  parentId: string | null;
  enabled: boolean;
  sort: number;
}
export interface ResourceTable {
  id: Generated<number>;
  resourceType: string;
  name: string;
  labelNameEn: string;
  url: string;
  sort: number;
}
export interface RegistrationFieldTable {
  field: string;
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: string;
  minLength: number | null;
  maxLength: number | null;
  sort: number;
}
export interface LanguageTable {
  code: string;
  name: string;
  nativeName: string;
  enabled: boolean;
  sort: number;
}
export interface CountryTable {
  countryCode: string;
  dialingCode: string;
  name: string;
  sort: number;
}
export interface VendorTable {
  id: string;
  name: string;
  logoUrl: string;
  mode: 'SEAMLESS' | 'TRANSFER';
  status: 'LIVE' | 'COMING' | 'MAINTENANCE';
  sort: number;
}
export interface VendorCategoryTable {
  vendorId: string;
  category: string;
  sort: number;
}
export interface BannerTable {
  id: Generated<number>;
  groupName: string;
  language: string;
  title: string;
  imageUrl: string;
  url: string;
  linkageType: 'INTERNAL' | 'EXTERNAL' | 'NONE';
  sort: number;
  active: Generated<boolean>;
}
export interface AnnouncementTable {
  id: Generated<number>;
  type: 'PL' | 'PU' | 'PR' | 'H';
  language: string;
  title: string;
  content: string;
  execution: 'A' | 'B' | 'F';
  sort: number;
  active: Generated<boolean>;
  createdAt: CreatedAt;
}
export interface DomainRouterTable {
  domain: string;
  route: 'MEMBER' | 'AGENT' | 'MOBILE';
  merchantCode: string;
  main: boolean;
}
export interface CdnHostTable {
  id: Generated<number>;
  kind: 'IMAGE' | 'LAUNCH';
  url: string;
  sort: number;
}

export interface Database {
  siteSetting: SiteSettingTable;
  module: ModuleTable;
  resource: ResourceTable;
  registrationField: RegistrationFieldTable;
  language: LanguageTable;
  country: CountryTable;
  vendor: VendorTable;
  vendorCategory: VendorCategoryTable;
  banner: BannerTable;
  announcement: AnnouncementTable;
  domainRouter: DomainRouterTable;
  cdnHost: CdnHostTable;
}
