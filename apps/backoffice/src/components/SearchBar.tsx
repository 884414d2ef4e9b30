import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useI18n } from '../i18n.tsx';

/** A one-field search of a console screen: the text, trimmed, is searched on Enter or Search. */
export function SearchBar({
  label,
  onSearch,
  buttonLabel,
}: {
  label: string;
  onSearch(q: string): void;
  /** "Search" unless told. */
  buttonLabel?: string;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <Stack component="form" onSubmit={submit} direction="row" spacing={1}>
      <TextField
        size="small"
        label={label}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        sx={{ flex: 1, maxWidth: 420 }}
      />
      <Button type="submit" variant="contained">
        {buttonLabel ?? t('search')}
      </Button>
    </Stack>
  );
}
