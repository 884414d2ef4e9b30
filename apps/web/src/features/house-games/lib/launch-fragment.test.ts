import { describe, expect, it } from 'vitest';
import { parseLaunchFragment } from './launch-fragment.ts';

describe('the launch fragment', () => {
  it('reads the token, language and mode', () => {
    expect(parseLaunchFragment('#t=abcdefghijklmnopqrstuvwxyz&lang=en&mode=demo')).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz',
      lang: 'en',
      mode: 'demo',
    });
    expect(parseLaunchFragment('#t=abcdefghijklmnopqrstuvwxyz')).toMatchObject({ mode: 'real', lang: null });
  });

  it('has no token when there is none or it is too short', () => {
    expect(parseLaunchFragment('')).toBeNull();
    expect(parseLaunchFragment('#t=short')).toBeNull();
  });
});
