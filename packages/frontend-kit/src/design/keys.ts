import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/**
 * Keyboard movement shared by the menu (vertical) and the tabs (horizontal): which item an arrow,
 * Home or End key moves to, wrapping at both ends. Undefined for any other key, so the caller lets
 * the browser handle it.
 */
export function nextIndex(key: string, current: number, count: number, orientation: 'vertical' | 'horizontal'): number | undefined {
  if (count === 0) return undefined;
  const [back, forward] = orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  if (key === forward) return (current + 1) % count;
  if (key === back) return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches inside `container`, in order (hidden ones left out). */
export function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

/** Keeps Tab and Shift+Tab inside `container` (a modal dialog): the last element wraps to the first. */
export function trapTab(event: KeyboardEvent | ReactKeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = focusables(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
