import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';

/** The card of a cashier form: checked by the page (not the browser), sent by `onSubmit`. */
export function CashierForm({
  onSubmit,
  testId,
  children,
}: {
  onSubmit: (event: FormEvent) => Promise<void>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <form className="cashier-card cashier-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid={testId}>
      {children}
    </form>
  );
}

/** A numbered step of a cashier form ("1 Choose a method"). */
export function CashierStep({ n, children }: { n: number; children: ReactNode }) {
  return (
    <h3 className="cashier-step">
      <span className="cashier-step__n">{n}</span>
      {children}
    </h3>
  );
}

/** The "How it works" card beside a cashier form: its numbered steps. */
export function CashierHowTo({ title, steps }: { title: string; steps: string[] }) {
  return (
    <div className="cashier-card cashier-steps">
      <h3 className="cashier-card__title">{title}</h3>
      <ol>
        {steps.map((text, i) => (
          <li key={i}>
            <span className="cashier-steps__n">{i + 1}</span>
            <span>{text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A card that stands in for a cashier form while it cannot be used (no payment password yet, the
 * feature off, a single-wallet site): an icon, a title and what to do.
 */
export function SetupCard({
  icon,
  title,
  titleId,
  muted = false,
  plain = true,
  role,
  testId,
  children,
  aside,
}: {
  icon: IconName;
  title: ReactNode;
  titleId?: string;
  /** A grey icon: something is off rather than still to do. */
  muted?: boolean;
  /** Without the space for a form beside the text. */
  plain?: boolean;
  role?: 'status' | 'alert';
  testId?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  // A titled card is a region of the page; an untitled one is only a box.
  const Box = titleId ? 'section' : 'div';
  return (
    <Box
      className={plain ? 'cashier-card setup-card setup-card--plain' : 'cashier-card setup-card'}
      role={role}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <span className={muted ? 'setup-card__icon setup-card__icon--muted' : 'setup-card__icon'} aria-hidden="true">
        <Icon name={icon} size={26} />
      </span>
      <div className="setup-card__text">
        <h3 id={titleId} className="cashier-card__title">
          {title}
        </h3>
        {children}
      </div>
      {aside ? <div className="setup-card__form">{aside}</div> : null}
    </Box>
  );
}

/** The submit button of a cashier form, with a spinner while its call is under way. */
export function CashierSubmit({
  pending,
  disabled = false,
  testId,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" block disabled={pending || disabled} data-testid={testId}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

/** A note that the last call went through. */
export function DoneNote({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="form-success" role="status" data-testid={testId}>
      <Icon name="check" size={16} />
      {children}
    </p>
  );
}

/** The texts of a "How it works" card: `prefix.1` … `prefix.count` of the wallet texts. */
export function useHowSteps(prefix: string, count: number): string[] {
  const { t } = useTranslation('wallet');
  return Array.from({ length: count }, (_, i) => t(`${prefix}.${i + 1}`));
}
