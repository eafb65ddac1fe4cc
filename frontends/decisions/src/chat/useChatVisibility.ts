import { useEffect, useRef, type RefObject } from 'react';

/** The side panel's scrolling body, when the chat panel sits in one. */
const sidePanelBody = '.ui-side-layout__body';

/** A reader this close to the bottom (px) is following the conversation. */
const followDistancePx = 48;

export interface ChatVisibility {
  /** Tells the room whether its panel is on screen (useChatRoom's setVisible). */
  setVisible: (visible: boolean) => void;
  /** Others' messages that arrived while the panel was off screen. */
  unread: number;
  onUnreadChange?: (count: number) => void;
  /** The newest message shown: a new one scrolls into view while the reader is at the bottom. */
  lastId: string | undefined;
}

/**
 * What the reader sees of the panel. On screen (the side panel, an open sheet) or not (a closed
 * sheet, scrolled away): what arrives out of sight counts as unread until the panel shows again.
 * In a side panel that scrolls (its body), the newest message shows: at first, and as messages
 * arrive while the reader is at the bottom; someone reading back up is left where they are.
 */
export function useChatVisibility(panel: RefObject<HTMLElement | null>, { setVisible, unread, onUnreadChange, lastId }: ChatVisibility): void {
  useEffect(() => {
    const element = panel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setVisible(Boolean(entry?.isIntersecting) && element.checkVisibility()));
    observer.observe(element);
    return () => observer.disconnect();
  }, [panel, setVisible]);
  useEffect(() => onUnreadChange?.(unread), [unread, onUnreadChange]);

  const atBottom = useRef(true);
  useEffect(() => {
    const scroller = panel.current?.closest<HTMLElement>(sidePanelBody);
    if (!scroller) return;
    const follow = () => {
      atBottom.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < followDistancePx;
    };
    scroller.addEventListener('scroll', follow, { passive: true });
    return () => scroller.removeEventListener('scroll', follow);
  }, [panel]);
  useEffect(() => {
    const scroller = panel.current?.closest<HTMLElement>(sidePanelBody);
    if (scroller && atBottom.current) scroller.scrollTop = scroller.scrollHeight;
  }, [panel, lastId]);
}
