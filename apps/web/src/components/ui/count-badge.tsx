/**
 * A small red count beside a menu entry (things waiting for the player). Nothing when the count is
 * zero or unknown; above 99 it shows 99+. `label` is what a screen reader says instead of the number.
 */
export function CountBadge({ count, label, testId }: { count: number | undefined; label: string; testId?: string }) {
  if (!count || count <= 0) return null;
  return (
    <span className="count-badge" data-testid={testId} data-count={count}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
