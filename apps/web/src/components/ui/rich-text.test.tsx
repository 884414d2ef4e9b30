// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText, sanitizeHtml } from './rich-text.tsx';

afterEach(cleanup);

describe('operator HTML in notices', () => {
  it('is shown formatted, not as raw tags', () => {
    const { container } = render(<RichText html="<p>Hello <strong>players</strong></p>" />);
    expect(container.querySelector('p strong')?.textContent).toBe('players');
    expect(container.textContent).toBe('Hello players');
  });

  it('loses scripts, handlers, styles and javascript: links', () => {
    const clean = sanitizeHtml(
      '<p onclick="alert(1)" style="color:red">a</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">b</a><style>p{}</style>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|style/i);
    expect(clean).toContain('<p>a</p>');
  });

  it('opens links in a new tab without handing over the page', () => {
    expect(sanitizeHtml('<a href="https://example.org">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
