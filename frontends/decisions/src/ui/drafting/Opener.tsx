/** A button that opens a form in its place, and gives the focus back to it when the form closes. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from '@civic/frontend-kit/design';

export function Opener({ label, variant = 'secondary', form }: { label: string; variant?: ButtonVariant; form: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (open) return form(() => setOpen(false));
  return (
    <button ref={button} type="button" className={buttonClass(variant)} onClick={() => setOpen(true)}>
      {label}
    </button>
  );
}
