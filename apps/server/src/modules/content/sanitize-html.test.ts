import { describe, expect, it } from 'vitest';
import { hasVisibleContent, sanitizeContentHtml } from './sanitize-html.ts';

describe('the server sanitizer of operator HTML', () => {
  it('removes script elements and their text', () => {
    expect(sanitizeContentHtml('<p>Hello</p><script>alert(1)</script>')).toBe('<p>Hello</p>');
  });

  it('removes event handler attributes such as onerror and onclick', () => {
    const out = sanitizeContentHtml('<img src="/a.png" onerror="alert(1)"><p onclick="steal()">Hi</p>');
    expect(out).toBe('<img src="/a.png"><p>Hi</p>');
  });

  it('removes javascript: and data: links, keeps https and site paths, and opens links in a new tab', () => {
    const out = sanitizeContentHtml(
      '<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a><a href="data:text/html,hi">z</a>' +
        '<a href="https://example.com/p">ok</a><a href="/promotions">site</a>',
    );
    expect(out).not.toMatch(/javascript|data:/i);
    expect(out).toContain('<a href="https://example.com/p" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(out).toContain('<a href="/promotions" target="_blank" rel="noopener noreferrer">site</a>');
  });

  it('removes iframes, styles, forms and inline style, keeps the formatting the editor writes', () => {
    const out = sanitizeContentHtml(
      '<h2 style="color:red">Title</h2><iframe src="https://evil"></iframe><style>p{}</style>' +
        '<form><input></form><ul><li><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></li></ul>',
    );
    expect(out).toBe('<h2>Title</h2><ul><li><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></li></ul>');
  });

  it('says whether anything is left to show', () => {
    expect(hasVisibleContent(sanitizeContentHtml('<script>x</script><p> </p>'))).toBe(false);
    expect(hasVisibleContent(sanitizeContentHtml('<p>Text</p>'))).toBe(true);
    expect(hasVisibleContent(sanitizeContentHtml('<img src="/a.png">'))).toBe(true);
  });
});
