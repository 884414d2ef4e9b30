import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enGames from './en/games.json';
import enHome from './en/home.json';
import enHouse from './en/house.json';
import enPages from './en/pages.json';
import enWallet from './en/wallet.json';
import koAuth from './ko/auth.json';
import koCommon from './ko/common.json';
import koErrors from './ko/errors.json';
import koGames from './ko/games.json';
import koHome from './ko/home.json';
import koHouse from './ko/house.json';
import koPages from './ko/pages.json';
import koWallet from './ko/wallet.json';
import zhAuth from './zh/auth.json';
import zhCommon from './zh/common.json';
import zhErrors from './zh/errors.json';
import zhGames from './zh/games.json';
import zhHome from './zh/home.json';
import zhHouse from './zh/house.json';
import zhPages from './zh/pages.json';
import zhWallet from './zh/wallet.json';

/** Message sets bundled with the app (spec §1: CN, EN, KO); the selector lists what the site enables. */
export const BUNDLED_LANGUAGES = ['ko', 'en', 'zh'] as const;
export type BundledLanguage = (typeof BUNDLED_LANGUAGES)[number];
export const NAMESPACES = ['common', 'errors', 'home', 'games', 'auth', 'pages', 'wallet', 'house'] as const;

export const RESOURCES = {
  ko: {
    common: koCommon,
    errors: koErrors,
    home: koHome,
    games: koGames,
    auth: koAuth,
    pages: koPages,
    wallet: koWallet,
    house: koHouse,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    home: enHome,
    games: enGames,
    auth: enAuth,
    pages: enPages,
    wallet: enWallet,
    house: enHouse,
  },
  zh: {
    common: zhCommon,
    errors: zhErrors,
    home: zhHome,
    games: zhGames,
    auth: zhAuth,
    pages: zhPages,
    wallet: zhWallet,
    house: zhHouse,
  },
} as const;
