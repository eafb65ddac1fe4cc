/** The articles and amendments of a law in the drafting editor, each with the actions the reader may take. */
import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Article, LawDetail, SessionUser } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { contentPermissions, mayDraft } from '../law-rules.js';
import { useRun, type Reload } from './act.js';
import { useFeedback } from './feedback.js';
import { ContentBadges } from './law-meta.js';
import { SourceList } from './sources.js';
import { TextForm } from './text-form.js';

const m = {
  article: { id: 'decisions.article.number' },
  amendment: { id: 'decisions.amendment.number' },
  amendmentTitle: { id: 'decisions.amendment.title' },
  amendmentTitleLabel: { id: 'decisions.amendment.titleLabel' },
  moveUp: { id: 'decisions.move.up' },
  moveDown: { id: 'decisions.move.down' },
  articleText: { id: 'decisions.article.text' },
  addAmendment: { id: 'decisions.amendment.add' },
  amendmentText: { id: 'decisions.amendment.text' },
  edit: { id: 'decisions.proposal.edit' },
  save: { id: 'decisions.proposal.save' },
  delete: { id: 'decisions.proposal.delete' },
  deleteTitle: { id: 'decisions.article.deleteTitle' },
  deleted: { id: 'decisions.article.deleted' },
  saved: { id: 'decisions.article.saved' },
  created: { id: 'decisions.article.created' },
  signalModerator: { id: 'decisions.proposal.signal' },
  signalModeratorTitle: { id: 'decisions.content.signalModeratorTitle' },
  signalScribe: { id: 'decisions.content.signalScribe' },
  signalScribeTitle: { id: 'decisions.content.signalScribeTitle' },
  signalDone: { id: 'decisions.content.signalDone' },
  pin: { id: 'decisions.proposal.pin' },
  unpin: { id: 'decisions.proposal.unpin' },
  writtenBy: { id: 'decisions.article.by' },
  actions: { id: 'decisions.proposal.actions' },
};

/** One article or amendment in the editor: its text, marks and the actions the reader may take. */
function ContentCard({ law, item, label, user, reload, children }: { law: LawDetail; item: Article; label: string; user: SessionUser | null | undefined; reload: Reload; children?: ReactNode }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const may = contentPermissions(item, law, user);
  const draft = mayDraft(law, user);
  const isArticle = item.kind === 'article';
  const siblings = law.articles.filter((article) => article.groupId === item.groupId);
  const index = siblings.findIndex((article) => article.id === item.id);
  const run = useRun(reload);

  return (
    <article className={`decisions-proposal decisions-article${item.kind === 'amendment' ? ' decisions-article--amendment' : ''}${item.pin ? ' decisions-proposal--pinned' : ''}`} aria-labelledby={headingId} data-article={item.id}>
      <h4 id={headingId} className="decisions-proposal__title">
        {label}
      </h4>
      <p className="decisions-proposal__meta">
        <span className="decisions-proposal__author">{t(m.writtenBy, { name: item.userName })}</span>
        <ContentBadges item={item} />
      </p>
      {editing ? (
        <TextForm
          label={isArticle ? t(m.articleText) : t(m.amendmentText)}
          initial={item.body}
          multiline
          max={5000}
          submitLabel={t(m.save)}
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await lawsApi.editArticle(law.id, item.id, item.title, body);
            setEditing(false);
            toast(t(m.saved), 'success');
            reload();
          }}
        />
      ) : (
        <p className="decisions-proposal__description">{item.body}</p>
      )}
      <div className="decisions-actions" role="group" aria-label={t(m.actions, { title: label })}>
        {may.edit && !editing ? (
          <button type="button" className="button--small" onClick={() => setEditing(true)}>
            {t(m.edit)}
          </button>
        ) : null}
        {draft && isArticle && index > 0 ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.moveArticle(law.id, item.id, { direction: 'up' }), t(m.saved))}>
            {t(m.moveUp)}
          </button>
        ) : null}
        {draft && isArticle && index >= 0 && index < siblings.length - 1 ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.moveArticle(law.id, item.id, { direction: 'down' }), t(m.saved))}>
            {t(m.moveDown)}
          </button>
        ) : null}
        {may.signalScribe && user ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.signalArticle(law.id, item.id, 'scribe'), t(m.signalDone), { title: t(m.signalScribeTitle), message: label })}>
            {t(m.signalScribe)}
          </button>
        ) : null}
        {may.signalModerator ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.signalArticle(law.id, item.id, 'moderator'), t(m.signalDone), { title: t(m.signalModeratorTitle), message: label })}>
            {t(m.signalModerator)}
          </button>
        ) : null}
        {may.pin ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.pinArticle(law.id, item.id, !item.pin), t(m.saved))}>
            {t(item.pin ? m.unpin : m.pin)}
          </button>
        ) : null}
        {may.remove ? (
          <button type="button" className="button--small button--danger" onClick={() => run(() => lawsApi.deleteArticle(law.id, item.id), t(m.deleted), { title: t(m.deleteTitle), message: label, danger: true })}>
            {t(m.delete)}
          </button>
        ) : null}
      </div>
      <SourceList sources={item.sources} target={{ kind: 'article', id: item.id }} canAdd={may.addSource} canChange={may.edit || Boolean(user?.moderator)} canPin={Boolean(user?.moderator)} onChanged={reload} />
      {children}
    </article>
  );
}

/** An article with its amendments and, for creators, the form to amend it. */
export function ArticleBlock({ law, article, number, user, reload }: { law: LawDetail; article: Article; number: number; user: SessionUser | null | undefined; reload: Reload }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const [amending, setAmending] = useState(false);
  const [title, setTitle] = useState('');
  const titleId = useId();
  const draft = mayDraft(law, user);
  const label = t(m.article, { number });
  return (
    <li>
      <ContentCard law={law} item={article} label={label} user={user} reload={reload}>
        {article.amendments.length > 0 ? (
          <ol className="decisions-list decisions-amendments">
            {article.amendments.map((amendment, index) => (
              <li key={amendment.id}>
                <ContentCard law={law} item={amendment} label={amendment.title ? t(m.amendmentTitle, { number: index + 1, title: amendment.title }) : t(m.amendment, { number: index + 1 })} user={user} reload={reload} />
              </li>
            ))}
          </ol>
        ) : null}
        {draft ? (
          amending ? (
            <TextForm
              label={t(m.amendmentText)}
              multiline
              max={5000}
              submitLabel={t(m.addAmendment)}
              onCancel={() => setAmending(false)}
              extra={
                <div className="field">
                  <label htmlFor={titleId}>{t(m.amendmentTitleLabel)}</label>
                  <input id={titleId} value={title} maxLength={256} onChange={(event) => setTitle(event.target.value)} />
                </div>
              }
              onSubmit={async (body) => {
                await lawsApi.addAmendment(law.id, article.id, title.trim() || null, body);
                setTitle('');
                setAmending(false);
                toast(t(m.created), 'success');
                reload();
              }}
            />
          ) : (
            <button type="button" className="button--small button--secondary" onClick={() => setAmending(true)}>
              {t(m.addAmendment)}
            </button>
          )
        ) : null}
      </ContentCard>
    </li>
  );
}
