import { useState } from 'react';

/** The picture shown when a player has none, or theirs cannot be loaded (original artwork). */
export const AVATAR_FALLBACK = '/assets/brand/avatar.svg';

/** Which image to show: the player's own while it loads, else the fallback. */
export function avatarSource(src: string | null | undefined, failed: boolean): string {
  return src && src.trim() !== '' && !failed ? src : AVATAR_FALLBACK;
}

/**
 * A player's picture in a circle. A missing or broken picture shows the fallback image, once (a broken
 * fallback does not loop).
 */
export function Avatar({
  src,
  size = 30,
  label = '',
  className,
}: {
  src?: string | null | undefined;
  size?: number;
  /** Empty when the name is shown beside it (the picture is then decoration). */
  label?: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = avatarSource(src, failedSrc !== null && failedSrc === src);
  return (
    <img
      className={['avatar', className ?? ''].filter(Boolean).join(' ')}
      src={url}
      alt={label}
      width={size}
      height={size}
      onError={() => {
        if (url !== AVATAR_FALLBACK) setFailedSrc(src ?? null);
      }}
      data-testid="avatar"
    />
  );
}
