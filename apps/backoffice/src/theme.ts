import { enUS as coreEn, koKR as coreKo, zhCN as coreZh } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { enUS as gridEn, koKR as gridKo, zhCN as gridZh } from '@mui/x-data-grid/locales';
import type { Language } from './i18n.tsx';

/** MUI's own texts (the data grid's toolbar, column menu, filters and paging; dialogs) per language. */
const LOCALES = { en: [coreEn, gridEn], ko: [coreKo, gridKo], zh: [coreZh, gridZh] } as const;

/** The console's look: calm neutrals, one accent, dense tables; light and dark; MUI's texts in the staff member's language. */
export const themeFor = (mode: 'light' | 'dark', lang: Language) =>
  createTheme(
    {
      palette: {
        mode,
        primary: { main: mode === 'dark' ? '#8ab4ff' : '#3756d6' },
        secondary: { main: '#f5b13d' },
        background:
          mode === 'dark' ? { default: '#0f1420', paper: '#161d2d' } : { default: '#f4f6fb', paper: '#ffffff' },
      },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily: 'Inter, "Noto Sans KR", "Noto Sans SC", system-ui, -apple-system, "Segoe UI", sans-serif',
        h5: { fontWeight: 700 },
        h6: { fontWeight: 700 },
      },
      components: {
        MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
        MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { backgroundImage: 'none' } } },
        MuiCard: { styleOverrides: { root: { border: '1px solid', borderColor: 'rgba(127,127,127,0.18)' } } },
      },
    },
    ...LOCALES[lang],
  );
