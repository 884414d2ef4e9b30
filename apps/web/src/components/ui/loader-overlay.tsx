/** The full-page loader (the site's loader image when known, a ring otherwise). */
export function LoaderOverlay({
  imageUrl,
  label,
  visible,
}: {
  imageUrl?: string | undefined;
  label: string;
  visible: boolean;
}) {
  return (
    <div
      className={visible ? 'loader-overlay loader-overlay--visible' : 'loader-overlay'}
      role="status"
      aria-live="polite"
      aria-hidden={!visible}
    >
      {imageUrl ? (
        <img className="loader-overlay__img" src={imageUrl} alt="" width={72} height={72} />
      ) : (
        <span className="boot-loader__ring" />
      )}
      <span className="sr-only">{visible ? label : ''}</span>
    </div>
  );
}
