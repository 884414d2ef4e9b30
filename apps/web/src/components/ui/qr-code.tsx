import { useEffect, useState } from 'react';

/**
 * Runs `fn` when the main thread has nothing else to do (a timeout where the browser has no idle
 * callbacks), each call in a task of its own; returns a cancel function.
 */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1);
  return () => window.clearTimeout(id);
}

/**
 * A QR code drawn as SVG (no canvas, no network), shown as an image with a text alternative. The
 * encoder loads with the first code shown, not with the page (decision 040), and each code is encoded
 * in an idle moment of its own, not in the task that mounts it: encoding takes tens of milliseconds
 * on a phone, and the right bar's codes mount with the first page (decision 108).
 */
export function QrCode({ value, label, size = 112 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let cancel = () => {};
    import('qrcode')
      .then(
        ({ default: QRCode }) =>
          new Promise<string>((resolve, reject) => {
            cancel = whenIdle(() => {
              if (!live) return;
              QRCode.toString(value, {
                type: 'svg',
                margin: 1,
                errorCorrectionLevel: 'M',
                color: { dark: '#0b0f24', light: '#ffffff' },
              }).then(resolve, reject);
            });
          }),
      )
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
      cancel();
    };
  }, [value]);
  return (
    <span className="qr" style={{ width: size, height: size }}>
      {src ? (
        <img src={src} width={size} height={size} alt={label} />
      ) : (
        <span className="qr__placeholder" role="img" aria-label={label} />
      )}
    </span>
  );
}
