import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { IconButton, MenuItem, Select, Stack, Tooltip } from '@mui/material';
import { LANGUAGES, useI18n, type Language } from './i18n.tsx';

/** Language and theme switches, on the sign-in page and in the top bar. */
export function TopControls({ mode, toggleMode }: { mode: 'light' | 'dark'; toggleMode(): void }) {
  const { t, lang, setLang } = useI18n();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Select
        size="small"
        value={lang}
        onChange={(e) => setLang(e.target.value as Language)}
        inputProps={{ 'aria-label': t('language') }}
        sx={{ minWidth: 110, bgcolor: 'background.paper' }}
      >
        {(Object.keys(LANGUAGES) as Language[]).map((l) => (
          <MenuItem key={l} value={l}>
            {LANGUAGES[l]}
          </MenuItem>
        ))}
      </Select>
      <Tooltip title={mode === 'dark' ? t('themeLight') : t('themeDark')}>
        <IconButton onClick={toggleMode} aria-label={mode === 'dark' ? t('themeLight') : t('themeDark')}>
          {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
