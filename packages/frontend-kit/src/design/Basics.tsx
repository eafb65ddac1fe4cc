import type { ReactNode } from 'react';

/** Read by screen readers, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="ui-visually-hidden">{children}</span>;
}

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`ui-badge ui-badge--${tone}`}>{children}</span>;
}

/** The screen's title (its single h1), with an optional lead paragraph, actions and meta line. */
export function PageHeader({ title, lead, actions, meta }: { title: ReactNode; lead?: ReactNode; actions?: ReactNode; meta?: ReactNode }) {
  return (
    <header className="ui-page-header">
      <div className="ui-page-header__text">
        <h1 tabIndex={-1}>{title}</h1>
        {lead ? <p className="ui-page-header__lead">{lead}</p> : null}
        {meta ? <div className="ui-page-header__meta">{meta}</div> : null}
      </div>
      {actions ? <div className="ui-page-header__actions">{actions}</div> : null}
    </header>
  );
}

export interface CardProps {
  as?: 'section' | 'article' | 'div' | 'li' | 'aside';
  title?: ReactNode;
  titleLevel?: 2 | 3 | 4;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  tone?: 'default' | 'accent' | 'warning';
}

export function Card({ as: Element = 'section', title, titleLevel = 2, actions, children, className, tone = 'default' }: CardProps) {
  const Heading = `h${titleLevel}` as const;
  const classes = ['ui-card', tone === 'default' ? '' : `ui-card--${tone}`, className ?? ''].filter(Boolean).join(' ');
  return (
    <Element className={classes}>
      {title || actions ? (
        <div className="ui-card__header">
          {title ? <Heading className="ui-card__title">{title}</Heading> : null}
          {actions ? <div className="ui-card__actions">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </Element>
  );
}

export function EmptyState({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="ui-empty">
      <p className="ui-empty__title">{title}</p>
      {children ? <div className="ui-empty__body">{children}</div> : null}
      {action ? <div className="ui-empty__action">{action}</div> : null}
    </div>
  );
}

/** A placeholder while content loads: grey lines (shimmering unless motion is reduced) and a spoken label. */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div className="ui-skeleton" role="status" aria-busy="true">
      <span className="ui-visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="ui-skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A skeleton the shape of a card: a title bar and a few lines. */
export function SkeletonCard({ lines = 2, label }: { lines?: number; label: string }) {
  return (
    <div className="ui-card ui-skeleton-card">
      <span className="ui-skeleton__title" aria-hidden="true" />
      <Skeleton lines={lines} label={label} />
    </div>
  );
}

/** A progress meter with its label and value written out (the start rule's progress). */
export function Meter({ label, value, max, valueText }: { label: ReactNode; value: number; max: number; valueText?: string }) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const text = valueText ?? `${value} / ${max}`;
  return (
    <div className="ui-meter">
      <div className="ui-meter__head">
        <span className="ui-meter__label">{label}</span>
        <span className="ui-meter__value">{text}</span>
      </div>
      <div
        className="ui-meter__track"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={text}
        aria-label={typeof label === 'string' ? label : undefined}
      >
        <span className="ui-meter__fill" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
