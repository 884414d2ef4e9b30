import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

/** The headline band at the top of an inner screen. Its h1 is the screen's title. */
export function PageHero({
  icon,
  eyebrow,
  title,
  children,
  tone = 'violet',
}: {
  icon?: IconName;
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  tone?: 'violet' | 'gold' | 'teal' | 'rose';
}) {
  return (
    <header className={`page-hero page-hero--${tone}`}>
      <div className="page-hero__glow" aria-hidden="true" />
      {icon ? (
        <span className="page-hero__icon" aria-hidden="true">
          <Icon name={icon} size={30} />
        </span>
      ) : null}
      <div className="page-hero__text">
        {eyebrow ? <p className="page-hero__eyebrow">{eyebrow}</p> : null}
        <h1 className="page-hero__title">{title}</h1>
        {children ? <div className="page-hero__lead">{children}</div> : null}
      </div>
    </header>
  );
}
