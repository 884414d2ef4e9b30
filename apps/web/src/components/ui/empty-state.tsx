import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

export function EmptyState({
  icon = 'layers',
  title,
  children,
}: {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="empty-state__title">{title}</p>
      {children ? <div className="empty-state__text">{children}</div> : null}
    </div>
  );
}
