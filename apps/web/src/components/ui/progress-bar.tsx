/** A bar filled to `percent` (0–100), read by assistive technology as a progress bar named `label`. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <span className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
