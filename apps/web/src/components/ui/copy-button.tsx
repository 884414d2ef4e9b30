import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

/** Copies a text (a link, a code) to the clipboard and says so on the button. */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      data-testid={testId}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? t('copy.done') : (label ?? t('copy.link'))}
    </Button>
  );
}
