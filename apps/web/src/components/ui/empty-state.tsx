import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

export function EmptyState({
  icon = 'layers',
  title,
  children,
  testId,
}: {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-state__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="empty-state__title">{title}</p>
      {children ? <div className="empty-state__text">{children}</div> : null}
    </div>
  );
}
