import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * The tags the content editor writes (TipTap's starter kit) and the player site shows. Anything else
 * (script, style, iframe, form, event handlers, inline style) is removed before it is stored.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
  'img',
  'span',
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'title'];
/** Links and pictures: https, http, mailto, tel, or a path of this site. Never javascript: or data:. */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

let purifier: DOMPurify | undefined;

function instance(): DOMPurify {
  if (purifier) return purifier;
  const p = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = p;
  return p;
}

/** Operator HTML as the server keeps it: DOMPurify (on jsdom) with the editor's tags only. */
export function sanitizeContentHtml(html: string): string {
  return instance().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP, ALLOW_DATA_ATTR: false }).trim();
}

/** Whether sanitized HTML shows anything: text, or a picture. */
export function hasVisibleContent(html: string): boolean {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}
