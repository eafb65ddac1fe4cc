/**
 * The live editor of an article's or amendment's text, for its law's creators during creation
 * (`may.liveEdit`): a field shared with the other creators through the text's Yjs document, saved by
 * the server after a pause of everyone's typing or at "Save now". Loaded with its first use (it
 * brings Yjs), not with the drafting screen.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ARTICLE_BODY_MAX, type Creator, type DraftTextKind } from '@civic/contracts';
import { Button } from '@civic/frontend-kit/design';
import { pageSocket } from '@civic/frontend-kit/page-socket';
import { useErrorText } from '../feedback.js';
import { TheirsPanel } from '../TextForm.js';
import { useDraftingPresence } from './DraftingPresence.js';
import { draftStatus, savedByNames, type DraftStatus } from './draft-status.js';
import { initialView, LiveDraftSession, type LiveDraftView } from './live-session.js';
import { live } from './messages.js';
import './live-draft.css';

export interface LiveTextEditorProps {
  lawId: string;
  text: { kind: DraftTextKind; id: string; body: string };
  /** The field's label ("Text of the article"). */
  label: string;
  readerId: string | null;
  /** The law's creators, to name who saved when they left the page. */
  creators: readonly Creator[];
  onDone: () => void;
}

export default function LiveTextEditor({ lawId, text, label, readerId, creators, onDone }: LiveTextEditorProps) {
  const { formatMessage: t, formatList } = useIntl();
  const errorText = useErrorText();
  const id = useId();
  const { others, startEditing } = useDraftingPresence();
  const [view, setView] = useState<LiveDraftView>(() => initialView(text.body));
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const session = useRef<LiveDraftSession | null>(null);
  const field = useRef<HTMLTextAreaElement | null>(null);
  // The text as read when the editor opened: it seeds a document the server does not hold yet. A
  // law read again later changes nothing here, the editor owns its words while open.
  const seed = useRef(text.body);
  const { kind, id: textId } = text;

  useEffect(() => startEditing({ kind, textId }), [kind, textId, startEditing]);

  useEffect(() => {
    let cancelled = false;
    let created: LiveDraftSession | null = null;
    void pageSocket().then((socket) => {
      if (cancelled) return;
      created = new LiveDraftSession({ lawId, kind, textId, body: seed.current }, socket, setView);
      session.current = created;
      created.bind(field.current);
      created.start();
    });
    return () => {
      cancelled = true;
      created?.dispose();
      session.current = null;
    };
  }, [lawId, kind, textId]);

  const status = draftStatus(view);
  const statusText = describe(status);
  function describe(current: DraftStatus): string {
    switch (current.kind) {
      case 'joining':
        return t(live.joining);
      case 'offline':
        return t(live.offline);
      case 'blank':
        return t(live.blank);
      case 'pending':
        return t(live.pending);
      case 'saved': {
        if (!current.by) return t(live.saved);
        const names = savedByNames(current.by, readerId, { creators, present: others });
        const name = (value: string | null) => (value === null ? t(live.you) : value || t(live.someone));
        const savedBy = name(names.savedBy);
        if (names.others.length === 0) return t(live.savedBy, { savedBy });
        return t(live.savedByWith, { savedBy, others: formatList(names.others.map(name), { type: 'conjunction' }) });
      }
    }
  }

  const problem = view.problem ?? saveError;
  const tooLong = problem && typeof problem === 'object' && (problem as { data?: { reason?: unknown } }).data?.reason === 'too-long';
  const problemText = problem ? (tooLong ? t({ id: 'decisions.form.maxLength' }, { max: ARTICLE_BODY_MAX }) : errorText(problem)) : null;

  const saveNow = async () => {
    if (!session.current) return;
    setSaving(true);
    setSaveError(null);
    try {
      await session.current.saveNow();
    } catch (failure) {
      setSaveError(failure);
    } finally {
      setSaving(false);
    }
  };
  const done = async () => {
    setLeaving(true);
    try {
      await session.current?.leave();
    } finally {
      onDone();
    }
  };

  return (
    <div className="form decisions-form live-editor" data-live-editor={textId} data-status={status.kind}>
      {view.conflict !== null ? <TheirsPanel theirs={view.conflict} onTake={() => session.current?.takeTheirs()} /> : null}
      <div className={`field${problemText ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          ref={(element) => {
            field.current = element;
            session.current?.bind(element);
          }}
          defaultValue={text.body}
          rows={6}
          autoFocus
          readOnly={!view.joinedOnce}
          aria-describedby={`${id}-hint ${id}-status${problemText ? ` ${id}-problem` : ''}`}
          aria-invalid={problemText ? true : undefined}
          onChange={() => session.current?.input()}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t(live.hint)}
        </p>
        {problemText ? (
          <p id={`${id}-problem`} className="field__error" role="alert">
            {problemText}
            {view.reset ? ` ${t(live.reset)}` : ''}
          </p>
        ) : null}
      </div>
      {/* Polite, and its words change with the state, not with each keystroke. */}
      <p id={`${id}-status`} className={`live-editor__status live-editor__status--${status.kind}`} role="status" aria-live="polite">
        {statusText}
      </p>
      <div className="decisions-actions live-editor__actions">
        <Button variant="primary" busy={saving} disabled={status.kind !== 'pending' || leaving} onClick={() => void saveNow()}>
          {t(live.saveNow)}
        </Button>
        <Button variant="secondary" busy={leaving} onClick={() => void done()}>
          {t(live.done)}
        </Button>
      </div>
    </div>
  );
}
