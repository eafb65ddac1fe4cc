/**
 * Presence on a law's drafting page (docs/co-drafting.md): a creator's page says it is there
 * (`draft:here`, with the text it edits, again when that changes and after every reconnection) and
 * that it left (`draft:away`); the chat service pushes who is there (`draft:presence`). The "Here now"
 * list names each fellow creator and what they edit; a text edited by someone else wears their
 * initials. Screen readers hear arrivals, departures and texts opened or closed, politely, never
 * keystrokes.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Socket } from 'socket.io-client';
import { draftClientEvents, draftServerEvents, isChatError, type ChatAck, type DraftHere, type DraftPresence, type DraftPresent, type DraftTextKind } from '@civic/contracts';
import { VisuallyHidden } from '@civic/frontend-kit/design';
import { pageSocket } from '@civic/frontend-kit/page-socket';
import { live } from './messages.js';
import { editorsOf, fellowCreators, presenceChanges, type PresenceChange } from './presence.js';

type Editing = DraftHere['editing'];

interface PresenceValue {
  /** The fellow creators on the page now, by name (not the reader). */
  others: DraftPresent[];
  /** Says the reader edits a text; the function answered says they stopped. */
  startEditing: (text: { kind: DraftTextKind; textId: string }) => () => void;
  /**
   * The texts whose live editor is open on this page, kept above the articles: an article mounted
   * again (moved to another group) opens its editor again rather than dropping it.
   */
  liveOpen: Set<string>;
}

const noPresence: PresenceValue = { others: [], startEditing: () => () => undefined, liveOpen: new Set() };
const PresenceContext = createContext<PresenceValue>(noPresence);

export const useDraftingPresence = (): PresenceValue => useContext(PresenceContext);

const ackTimeoutMs = 10_000;

/** Presence on one law's page while `active` (the reader may draft it); otherwise gives nothing. */
export function DraftingPresenceProvider({ lawId, active, readerId, children }: { lawId: string; active: boolean; readerId: string | null; children: ReactNode }) {
  const [present, setPresent] = useState<DraftPresent[]>([]);
  // The texts the reader has open, the latest last: presence names the latest.
  const open = useRef<{ kind: DraftTextKind; textId: string }[]>([]);
  const sayHere = useRef<(() => void) | null>(null);
  const [liveOpen] = useState(() => new Set<string>());

  useEffect(() => {
    if (!active) return undefined;
    let cancelled = false;
    let socket: Socket | null = null;
    const editing = (): Editing => open.current.at(-1) ?? null;
    const here = () => {
      if (!socket?.connected) return;
      void socket
        .timeout(ackTimeoutMs)
        .emitWithAck(draftClientEvents.here, { lawId, editing: editing() } satisfies DraftHere)
        .then((ack: ChatAck<DraftPresence>) => {
          if (!cancelled && !isChatError(ack) && ack.data.lawId === lawId) setPresent(ack.data.present);
        })
        .catch(() => undefined);
    };
    const onPresence = (presence: DraftPresence) => {
      if (!cancelled && presence?.lawId === lawId) setPresent(presence.present);
    };
    const onDisconnect = () => setPresent([]);
    void pageSocket().then((connected) => {
      if (cancelled) return;
      socket = connected;
      socket.on('connect', here);
      socket.on('disconnect', onDisconnect);
      socket.on(draftServerEvents.presence, onPresence);
      sayHere.current = here;
      here();
    });
    return () => {
      cancelled = true;
      sayHere.current = null;
      setPresent([]);
      if (!socket) return;
      socket.off('connect', here);
      socket.off('disconnect', onDisconnect);
      socket.off(draftServerEvents.presence, onPresence);
      if (socket.connected) socket.emit(draftClientEvents.away, { lawId }, () => undefined);
    };
  }, [lawId, active]);

  const startEditing = useCallback((text: { kind: DraftTextKind; textId: string }) => {
    open.current = [...open.current.filter((entry) => entry.textId !== text.textId), text];
    sayHere.current?.();
    return () => {
      const before = open.current.at(-1);
      open.current = open.current.filter((entry) => entry.textId !== text.textId);
      if (before !== open.current.at(-1)) sayHere.current?.();
    };
  }, []);

  const others = useMemo(() => fellowCreators(present, readerId), [present, readerId]);
  const value = useMemo<PresenceValue>(() => ({ others: active ? others : [], startEditing, liveOpen }), [active, others, startEditing, liveOpen]);
  return <PresenceContext.Provider value={value}>{children}</PresenceContext.Provider>;
}

/** Up to two letters standing for a member, with their name for screen readers beside them. */
function Initials({ person, className = 'live-initials' }: { person: DraftPresent; className?: string }) {
  return (
    <span className={className} aria-hidden="true" data-initials={person.initials}>
      {person.initials}
    </span>
  );
}

/**
 * "Here now": each fellow creator on the page, with what they edit (nothing while the reader is
 * alone), and the changes announced.
 * `labels` names the law's texts ("Article 2").
 */
export function HereNow({ labels }: { labels: ReadonlyMap<string, string> }) {
  const { formatMessage: t } = useIntl();
  const { others } = useDraftingPresence();
  const labelOf = (textId: string) => labels.get(textId) ?? null;
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<DraftPresent[] | null>(null);
  const doing = (editing: string | null) => (editing === null ? t(live.reading) : labelOf(editing) ? t(live.editing, { text: labelOf(editing) }) : t(live.editingUnknown));

  useEffect(() => {
    // The first list is read with the page, not announced; later changes are, one sentence each.
    if (previous.current !== null) {
      const said = presenceChanges(previous.current, others).map((change: PresenceChange) => {
        const text = 'editing' in change && change.editing ? labelOf(change.editing) ?? '…' : '';
        if (change.kind === 'arrived') return change.editing ? t(live.arrivedEditing, { name: change.name, text }) : t(live.arrived, { name: change.name });
        if (change.kind === 'editing') return t(live.startedEditing, { name: change.name, text });
        if (change.kind === 'stopped') return t(live.stoppedEditing, { name: change.name });
        return t(live.left, { name: change.name });
      });
      if (said.length > 0) setAnnouncement(said.join(' '));
    }
    previous.current = others;
    // Only a new list is announced: the labels are read as they are when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [others]);

  return (
    <>
      {/* Alone on the page, nothing to show; the announcements' region stays, so a departure is heard. */}
      {others.length > 0 ? (
        <section className="live-here" aria-labelledby="live-here-title" data-here-now>
          <h3 id="live-here-title" className="live-here__title">
            {t(live.hereTitle)}
          </h3>
          <ul className="live-here__list">
            {others.map((person) => (
              <li key={person.userId} className="live-here__person" data-present={person.name} data-editing={person.editing?.textId ?? ''}>
                <Initials person={person} />
                <span className="live-here__name">{person.name}</span>
                <span className="live-here__doing">{doing(person.editing?.textId ?? null)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="ui-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/** The initials of the others editing a text, beside its heading. */
export function EditingBadges({ textId }: { textId: string }) {
  const { formatMessage: t } = useIntl();
  const editors = editorsOf(useDraftingPresence().others, textId);
  if (editors.length === 0) return null;
  return (
    <span className="live-badges" data-edited-by={editors.map((person) => person.name).join(',')}>
      {editors.map((person) => (
        <span key={person.userId} className="live-badge" title={t(live.badge, { name: person.name })}>
          <Initials person={person} className="live-initials live-initials--small" />
          <VisuallyHidden>{t(live.badge, { name: person.name })}</VisuallyHidden>
        </span>
      ))}
    </span>
  );
}
