import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Operator-written HTML (notices, announcements) shown as formatted text: sanitized with DOMPurify
 * first, so no script, handler, style or frame of it ever runs; links open in a new tab safely.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div className={['rich-text', className ?? ''].join(' ').trim()} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
