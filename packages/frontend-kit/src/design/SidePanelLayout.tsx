import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { trapTab } from './keys.js';
import { useKitWords } from './text.js';

/** Where the side panel sits beside the main column (the CSS uses the same width). */
export const WIDE_QUERY = '(min-width: 64rem)';

/** Whether the window is at least 64rem wide, kept up to date as it is resized. */
export function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE_QUERY);
    const change = () => setWide(query.matches);
    change();
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return wide;
}

/**
 * A panel that is a modal dialog on narrow screens only (the chat's bottom sheet, the shell's menu
 * drawer), opened by a button (`opener`): while open it takes the focus to its close button
 * (`closeButton`), stops the page scrolling behind it and keeps Tab inside (`onKeyDown` on `panel`);
 * Escape or `close` shuts it and gives the focus back to the opener. From 64rem it is part of the page.
 */
export function useNarrowDialog<Panel extends HTMLElement>() {
  const wide = useWideScreen();
  const [open, setOpen] = useState(false);
  const modal = !wide && open;
  const panel = useRef<Panel>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!modal) return;
    closeButton.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [modal]);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!modal) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (panel.current) trapTab(event, panel.current);
  };
  return { wide, open, setOpen, modal, panel, opener, closeButton, close, onKeyDown };
}

export interface SidePanelLayoutProps {
  main: ReactNode;
  /**
   * The side panel, or null while there is none (not known yet, or a phase without chat): then the
   * main column takes the whole width, in the same place, so that what is typed there survives the
   * panel's arrival.
   */
  aside: ReactNode | null;
  /** The side panel's accessible name (the chat's region). */
  asideLabel: string;
  /** The side panel's visible title, also the phone's tab button text ("Chat"). */
  asideTitle: string;
  /** Messages not seen yet: a badge on the phone's tab button. */
  unread?: number;
}

/**
 * The texts beside the live chat. From 64rem wide the aside is a sticky side panel; narrower, the
 * main column is full width and a "Chat" button opens the aside as a bottom sheet (a modal dialog:
 * focus kept inside, Escape closes). The aside stays mounted either way, so its connection lives on.
 */
export function SidePanelLayout({ main, aside, asideLabel, asideTitle, unread = 0 }: SidePanelLayoutProps) {
  const { wide, open, setOpen, modal: sheet, panel, opener: tab, closeButton, close, onKeyDown } = useNarrowDialog<HTMLElement>();
  const titleId = useId();
  const words = useKitWords();

  if (aside === null)
    return (
      <div className="ui-side-layout" data-layout="main-only">
        <div className="ui-side-layout__main">{main}</div>
      </div>
    );
  return (
    <div className="ui-side-layout" data-layout="side-panel" data-open={sheet || undefined}>
      <div className="ui-side-layout__main">{main}</div>
      {sheet ? <div className="ui-side-layout__backdrop" aria-hidden="true" onClick={close} /> : null}
      <aside
        ref={panel}
        className="ui-side-layout__aside"
        data-side-panel=""
        aria-label={sheet ? undefined : asideLabel}
        aria-labelledby={sheet ? titleId : undefined}
        role={sheet ? 'dialog' : undefined}
        aria-modal={sheet || undefined}
        onKeyDown={onKeyDown}
      >
        <div className="ui-side-layout__head">
          <h2 className="ui-side-layout__title" id={titleId}>
            {asideTitle}
          </h2>
          {sheet ? (
            <button ref={closeButton} type="button" className="ui-button ui-button--quiet ui-button--sm" onClick={close}>
              {words.close}
            </button>
          ) : null}
        </div>
        <div className="ui-side-layout__body">{aside}</div>
      </aside>
      {wide ? null : (
        <button ref={tab} type="button" className="ui-side-layout__tab" aria-expanded={open} onClick={() => setOpen(true)} hidden={sheet}>
          {asideTitle}
          {unread > 0 ? (
            <span className="ui-badge ui-badge--danger">
              {unread}
              <span className="ui-visually-hidden"> {words.unread}</span>
            </span>
          ) : null}
        </button>
      )}
    </div>
  );
}
