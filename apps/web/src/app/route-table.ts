import { GAME_LIST_SCREENS } from '@portal/contracts/games/game-list-screens.ts';

/**
 * The paths of the screens a visit most often starts on, as data (no React): the router builds its
 * routes from them, and the build (vite.config.ts) names each screen's chunks per path so that
 * theme-init.js can preload the screen of the address being opened beside the app's own code, not
 * after it (decision 044).
 */
export const HOME_PATHS = ['/', '/index', '/index.html', '/home'] as const;
/** The home screen with the sign-in or registration popup over it. */
export const AUTH_PATHS = { login: '/login', register: '/register' } as const;

export const GAME_LISTS = GAME_LIST_SCREENS;

/** Screen module (from the web app's root) → the paths that open it first. */
export const EARLY_SCREENS: { module: string; paths: string[] }[] = [
  { module: 'src/app/routes/home-screen.tsx', paths: [...HOME_PATHS, ...Object.values(AUTH_PATHS)] },
  { module: 'src/app/routes/game-list-screen.tsx', paths: GAME_LISTS.map((g) => g.path) },
];
