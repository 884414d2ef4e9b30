import { createTheme } from '@mui/material/styles';

/** The console's look: calm neutrals, one accent, dense tables; light and dark. */
export const themeFor = (mode: 'light' | 'dark') =>
  createTheme({
    palette: {
      mode,
      primary: { main: mode === 'dark' ? '#8ab4ff' : '#3756d6' },
      secondary: { main: '#f5b13d' },
      background: mode === 'dark' ? { default: '#0f1420', paper: '#161d2d' } : { default: '#f4f6fb', paper: '#ffffff' },
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
  });
