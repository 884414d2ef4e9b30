import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOGO = join(dirname(fileURLToPath(import.meta.url)), '../../../public/assets/brand/logo.svg');

describe('the logo art', () => {
  it('gives every word a fixed length that ends inside the art, so no font can clip its last letter', () => {
    const svg = readFileSync(LOGO, 'utf8');
    const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
    expect(viewBox).not.toBeNull();
    const width = Number(viewBox![1]);
    const words = Array.from(svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g));
    expect(words.map((w) => w[2])).toEqual(['AURORA', 'PLAY']);
    for (const [, attrs] of words) {
      const x = Number(/\bx="([\d.]+)"/.exec(attrs!)?.[1]);
      const length = Number(/\btextLength="([\d.]+)"/.exec(attrs!)?.[1]);
      expect(attrs).toContain('lengthAdjust="spacingAndGlyphs"');
      expect(Number.isFinite(x) && Number.isFinite(length)).toBe(true);
      // Half a letter-spacing of room at the right edge at least.
      expect(x + length).toBeLessThanOrEqual(width - 2);
    }
  });
});
