// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AVATAR_FALLBACK, Avatar, avatarSource } from './avatar.tsx';

afterEach(cleanup);

describe('the avatar', () => {
  it('shows the player picture, or the fallback image when there is none or it failed', () => {
    expect(avatarSource('/me.png', false)).toBe('/me.png');
    expect(avatarSource('/me.png', true)).toBe(AVATAR_FALLBACK);
    expect(avatarSource(null, false)).toBe(AVATAR_FALLBACK);
    expect(avatarSource('  ', false)).toBe(AVATAR_FALLBACK);
  });

  it('swaps a picture that fails to load for the fallback, and stays there', () => {
    render(<Avatar src="/broken.png" label="Ana" />);
    const img = screen.getByTestId('avatar');
    expect(img.getAttribute('src')).toBe('/broken.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(AVATAR_FALLBACK);
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(AVATAR_FALLBACK);
    expect(img.getAttribute('alt')).toBe('Ana');
  });
});
