import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export function buttonClass(variant: ButtonVariant = 'primary', size: 'md' | 'sm' = 'md', extra?: string): string {
  return ['ui-button', `ui-button--${variant}`, size === 'sm' ? 'ui-button--sm' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** A request is under way: the button shows a spinner and cannot be pressed again. */
  busy?: boolean;
}

export function Button({ variant, size, busy = false, className, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={buttonClass(variant, size, className)} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? <span className="ui-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
}

/** A link that looks like a button (to a form, a screen). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClass(variant, size, className)} />;
}
