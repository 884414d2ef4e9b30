import { describe, expect, it } from 'vitest';
import { checkProofFile, fileToBase64 } from './proof-file.ts';

const MB = 1024 * 1024;

describe('withdrawal proof image', () => {
  it('accepts a png or jpg up to 5 MB', () => {
    expect(checkProofFile({ name: 'slip.png', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(checkProofFile({ name: 'slip.JPG', type: 'image/jpeg', size: 1000 })).toBeNull();
  });
  it('refuses a missing file, another type and a file above 5 MB', () => {
    expect(checkProofFile(null)).toBe('required');
    expect(checkProofFile({ name: 'slip.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(checkProofFile({ name: 'slip.pdf', type: 'application/pdf', size: 10 })).toBe('type');
    expect(checkProofFile({ name: 'slip.png', type: 'image/png', size: 5 * MB + 1 })).toBe('size');
  });
  it('sends the bytes as plain base64', async () => {
    const blob = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]);
    expect(await fileToBase64(blob)).toBe('iVBORw==');
  });
});
