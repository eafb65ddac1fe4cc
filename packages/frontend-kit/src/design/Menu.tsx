import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { buttonClass, type ButtonVariant } from './Button.js';
import { nextIndex } from './keys.js';

export interface MenuItem {
  key: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A "more actions" button opening a list of actions: arrow keys, Home and End move between them,
 * Escape closes and gives focus back to the button, a click outside closes.
 */
export function Menu({ label, items, buttonVariant = 'quiet' }: { label: string; items: MenuItem[]; buttonVariant?: ButtonVariant }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const next = nextIndex(event.key, current, items.length, 'vertical');
    if (next === undefined) return;
    event.preventDefault();
    itemRefs.current[next]?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    // The arrow keys open the menu too, as in a desktop menu button.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div className="ui-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className={buttonClass(buttonVariant, 'md', 'ui-menu__button')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="ui-menu__caret" aria-hidden="true" />
      </button>
      {open ? (
        <ul className="ui-menu__list" role="menu" id={id} aria-label={label} onKeyDown={onListKey}>
          {items.map((item, index) => (
            <li key={item.key} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger ? 'ui-menu__item ui-menu__item--danger' : 'ui-menu__item'}
                aria-disabled={item.disabled || undefined}
                onClick={() => {
                  if (item.disabled) return;
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
