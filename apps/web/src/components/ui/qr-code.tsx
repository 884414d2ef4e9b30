import { useEffect, useState } from 'react';

/**
 * A QR code drawn as SVG (no canvas, no network), shown as an image with a text alternative. The
 * encoder loads with the first code shown, not with the page (decision 040).
 */
export function QrCode({ value, label, size = 112 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(value, {
          type: 'svg',
          margin: 1,
          errorCorrectionLevel: 'M',
          color: { dark: '#0b0f24', light: '#ffffff' },
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
