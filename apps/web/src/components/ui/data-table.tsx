import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** Shown as the card's title on phones instead of as a labelled line. */
  primary?: boolean;
}

/**
 * A record table on wide screens; on phones each row becomes a card whose cells carry their column
 * name (`data-label`), so nothing scrolls sideways.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  testId,
  rowTestId,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  caption: string;
  testId?: string;
  rowTestId?: (row: T) => string;
}) {
  return (
    <div className="data-table" data-testid={testId}>
      <table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'end' ? 'data-table__end' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  data-label={c.label}
                  className={
                    [c.align === 'end' ? 'data-table__end' : '', c.primary ? 'data-table__primary' : '']
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
