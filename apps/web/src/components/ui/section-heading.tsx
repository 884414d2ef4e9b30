import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

export function SectionHeading({
  id,
  icon,
  title,
  action,
  level = 2,
}: {
  id?: string;
  icon?: IconName;
  title: ReactNode;
  action?: ReactNode;
  level?: 2 | 3;
}) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <div className="section-heading">
      <Tag id={id} className="section-heading__title">
        {icon ? (
          <span className="section-heading__icon">
            <Icon name={icon} size={18} />
          </span>
        ) : null}
        {title}
      </Tag>
      {action ? <div className="section-heading__action">{action}</div> : null}
    </div>
  );
}
