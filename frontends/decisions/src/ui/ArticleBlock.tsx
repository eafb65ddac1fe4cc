/**
 * The articles and amendments of a law in the drafting workspace: each reads as a paragraph of the
 * text, with one main action beside it (Edit, for who may edit it) and the rest in a menu, its
 * sources quietly below, and an article's amendments beside it (below it on a narrow column). Every
 * action shows as the service's answer says (`may` of the article or amendment).
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { Article, LawDetail, SessionUser } from '@civic/contracts';
import { VisuallyHidden, type MenuItem } from '@civic/frontend-kit/design';
import { editConflictOf, lawsApi } from '../api/laws.js';
import { useRun, type Reload } from './act.js';
import { useFeedback } from './feedback.js';
import { amendmentName, ContentBadges } from './LawMeta.js';
import { SourceList } from './SourceList.js';
import { TitleField } from './FormParts.js';
import { TextForm } from './TextForm.js';
import { HistoryLink } from './history/HistoryLink.js';
import { drafting } from './drafting/messages.js';
import { Opener } from './drafting/Opener.js';
import { ActionBar } from './drafting/ActionBar.js';
import { common } from '../messages.js';
import { EditingBadges, useDraftingPresence } from './live-draft/DraftingPresence.js';
import { live } from './live-draft/messages.js';

// The live editor brings Yjs: loaded when a creator first edits a text, not with the screen.
const LiveTextEditor = lazy(() => import('./live-draft/LiveTextEditor.js'));

/** How an article moves among the articles of its group (absent for amendments). */
export interface ArticlePlace {
  index: number;
  count: number;
  move: (to: number) => void;
}

/** One article or amendment: its text, marks, its one main action and the menu of the others. */
function ContentCard({
  law,
  item,
  label,
  level,
  user,
  reload,
  place,
  handle,
  side,
}: {
  law: LawDetail;
  item: Article;
  label: string;
  level: 4 | 6;
  user: SessionUser | null | undefined;
  reload: Reload;
  place?: ArticlePlace;
  handle?: ReactNode;
  /** Beside the text on a wide column (an article's amendments). */
  side?: ReactNode;
}) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  // The law's creators type live (`liveEdit`); scribes and moderators edit with a reason (`edit`).
  // Chosen when the editor opens: a law read again meanwhile does not swap the editor.
  const { liveOpen } = useDraftingPresence();
  const [editing, setEditing] = useState<'live' | 'form' | null>(() => (liveOpen.has(item.id) ? 'live' : null));
  // The version the open form is based on, and one saved by someone else meanwhile (to merge).
  const [base, setBase] = useState({ title: item.title, body: item.body });
  const [theirs, setTheirs] = useState<string | null>(null);
  const edit = () => {
    setBase({ title: item.title, body: item.body });
    setTheirs(null);
    setEditing(item.may.liveEdit ? 'live' : 'form');
    if (item.may.liveEdit) liveOpen.add(item.id);
  };
  const stopEditing = () => {
    liveOpen.delete(item.id);
    setEditing(null);
  };
  const [addingSource, setAddingSource] = useState(false);
  const headingId = useId();
  const may = item.may;
  const run = useRun(reload);
  const Heading = `h${level}` as const;

  const signal = (to: 'scribe' | 'moderator', title: MessageDescriptor) => () =>
    run(() => lawsApi.signalArticle(law.id, item.id, to), t({ id: 'decisions.content.signalDone' }), { title: t(title), message: label });
  const more: MenuItem[] = [];
  if (place && may.move && place.index > 0) more.push({ key: 'up', label: t(common.moveUp), onSelect: () => place.move(place.index - 1) });
  if (place && may.move && place.index < place.count - 1) more.push({ key: 'down', label: t(common.moveDown), onSelect: () => place.move(place.index + 1) });
  if (may.addSource) more.push({ key: 'source', label: t({ id: 'decisions.source.add' }), onSelect: () => setAddingSource(true) });
  if (may.signalScribe) more.push({ key: 'scribe', label: t(common.signalScribe), onSelect: signal('scribe', { id: 'decisions.content.signalScribeTitle' }) });
  if (may.signalModerator) more.push({ key: 'moderator', label: t(common.signalModerator), onSelect: signal('moderator', { id: 'decisions.content.signalModeratorTitle' }) });
  if (may.pin) more.push({ key: 'pin', label: t(item.pin ? common.unpin : common.pin), onSelect: () => run(() => lawsApi.pinArticle(law.id, item.id, !item.pin), t(common.saved)) });
  if (may.remove) {
    const question = { title: t({ id: 'decisions.article.deleteTitle' }), message: label, danger: true };
    more.push({ key: 'delete', label: t(common.delete), danger: true, onSelect: () => run(() => lawsApi.deleteArticle(law.id, item.id), t({ id: 'decisions.article.deleted' }), question) });
  }

  const isArticle = item.kind === 'article';
  const classes = ['drafting-article', isArticle ? 'drafting-article--main' : 'drafting-article--amendment', side ? 'drafting-article--with-side' : '', item.pin ? 'drafting-article--pinned' : ''];
  return (
    <article className={classes.filter(Boolean).join(' ')} aria-labelledby={headingId} data-article={item.id}>
      <div className="drafting-article__body">
        <div className="drafting-article__head">
          {handle}
          <Heading id={headingId} className="drafting-article__title">
            {label}
          </Heading>
          <EditingBadges textId={item.id} />
          <ActionBar
            className="drafting-article__tools"
            label={t(common.actions, { title: label })}
            history={<HistoryLink kind={item.kind} id={item.id} of={label} />}
            main={(may.edit || may.liveEdit) && !editing ? { text: t(common.edit), onClick: edit } : null}
            more={more}
          />
        </div>
        {editing === 'live' ? (
          <Suspense fallback={<p className="live-editor__status">{t(live.joining)}</p>}>
            <LiveTextEditor
              lawId={law.id}
              text={{ kind: item.kind, id: item.id, body: item.body }}
              label={isArticle ? t(common.articleText) : t({ id: 'decisions.amendment.text' })}
              readerId={user?.id ?? null}
              creators={law.creators}
              onDone={() => {
                stopEditing();
                reload();
              }}
            />
          </Suspense>
        ) : editing === 'form' ? (
          <TextForm
            label={isArticle ? t(common.articleText) : t({ id: 'decisions.amendment.text' })}
            initial={item.body}
            multiline
            max={5000}
            // A scribe or a moderator editing someone else's text says why, in the text's history.
            askReason={Boolean(user && user.id !== item.userId)}
            onCancel={stopEditing}
            theirs={theirs}
            onSubmit={async (body, reason) => {
              try {
                await lawsApi.editArticle(law.id, item.id, { title: item.title, body, baseBody: base.body, baseTitle: base.title, ...(reason === undefined ? {} : { reason }) });
              } catch (failure) {
                const conflict = editConflictOf(failure);
                if (conflict) {
                  // The next save is based on the version shown; the form keeps the writer's words.
                  setBase(conflict.current);
                  setTheirs(conflict.current.body);
                }
                throw failure;
              }
              stopEditing();
              toast(t(common.saved), 'success');
              reload();
            }}
          />
        ) : (
          <p className="drafting-article__text">{item.body}</p>
        )}
        <p className="drafting-article__by">
          <span>{t({ id: 'decisions.article.by' }, { name: item.userName })}</span>
          <ContentBadges item={item} />
        </p>
        <SourceList
          sources={item.sources}
          target={{ kind: 'article', id: item.id }}
          canAdd={may.addSource}
          onChanged={reload}
          adding={addingSource}
          onAddingChange={setAddingSource}
        />
      </div>
      {side}
    </article>
  );
}

/** An article of the text: its paragraph, and beside it its amendments and, for who may amend it, the form to propose one. */
export function ArticleBlock({
  law,
  article,
  number,
  user,
  reload,
  place,
  handle,
}: {
  law: LawDetail;
  article: Article;
  number: number;
  user: SessionUser | null | undefined;
  reload: Reload;
  place?: ArticlePlace;
  handle?: ReactNode;
}) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const [title, setTitle] = useState('');
  const amendmentsId = useId();
  const amend = article.may.amend;
  const label = t(common.article, { number });
  const hasAmendments = article.amendments.length > 0;
  const side =
    hasAmendments || amend ? (
      <section className="drafting-amendments" aria-labelledby={amendmentsId}>
        <h5 id={amendmentsId} className="drafting-amendments__title">
          <span aria-hidden="true">{t(drafting.amendments)}</span>
          <VisuallyHidden>{t(drafting.amendmentsOf, { article: label })}</VisuallyHidden>
        </h5>
        {hasAmendments ? (
          <ol className="drafting-amendments__list">
            {article.amendments.map((amendment, index) => (
              <li key={amendment.id}>
                <ContentCard law={law} item={amendment} label={amendmentName(t, index + 1, amendment.title)} level={6} user={user} reload={reload} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="decisions-muted">{t(drafting.noAmendment)}</p>
        )}
        {amend ? (
          <Opener
            label={t({ id: 'decisions.amendment.add' })}
            form={(close) => (
              <TextForm
                label={t({ id: 'decisions.amendment.text' })}
                multiline
                max={5000}
                submitLabel={t({ id: 'decisions.amendment.add' })}
                onCancel={close}
                extra={<TitleField label={t({ id: 'decisions.amendment.titleLabel' })} value={title} onChange={setTitle} />}
                onSubmit={async (body) => {
                  await lawsApi.addAmendment(law.id, article.id, title.trim() || null, body);
                  setTitle('');
                  close();
                  toast(t(common.created), 'success');
                  reload();
                }}
              />
            )}
          />
        ) : null}
      </section>
    ) : null;
  return <ContentCard law={law} item={article} label={label} level={4} user={user} reload={reload} place={place} handle={handle} side={side} />;
}
