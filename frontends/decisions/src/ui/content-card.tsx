/** The articles and amendments of a law in the drafting editor, each with the actions the reader may take. */
import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Article, LawDetail, SessionUser } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { contentPermissions, mayDraft } from '../law-rules.js';
import { useRun, type Reload } from './act.js';
import { useFeedback } from './feedback.js';
import { amendmentName, ContentBadges } from './law-meta.js';
import { SourceList } from './sources.js';
import { FormOpener, TitleField } from './form-parts.js';
import { TextForm } from './text-form.js';
import { common } from '../messages.js';

const m = {
  amendmentTitleLabel: { id: 'decisions.amendment.titleLabel' },
  addAmendment: { id: 'decisions.amendment.add' },
  amendmentText: { id: 'decisions.amendment.text' },
  deleteTitle: { id: 'decisions.article.deleteTitle' },
  deleted: { id: 'decisions.article.deleted' },
  signalModeratorTitle: { id: 'decisions.content.signalModeratorTitle' },
  signalScribeTitle: { id: 'decisions.content.signalScribeTitle' },
  signalDone: { id: 'decisions.content.signalDone' },
  writtenBy: { id: 'decisions.article.by' },
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
          label={isArticle ? t(common.articleText) : t(m.amendmentText)}
          initial={item.body}
          multiline
          max={5000}
          submitLabel={t(common.save)}
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await lawsApi.editArticle(law.id, item.id, item.title, body);
            setEditing(false);
            toast(t(common.saved), 'success');
            reload();
          }}
        />
      ) : (
        <p className="decisions-proposal__description">{item.body}</p>
      )}
      <div className="decisions-actions" role="group" aria-label={t(common.actions, { title: label })}>
        {may.edit && !editing ? (
          <button type="button" className="button--small" onClick={() => setEditing(true)}>
            {t(common.edit)}
          </button>
        ) : null}
        {draft && isArticle && index > 0 ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.moveArticle(law.id, item.id, { direction: 'up' }), t(common.saved))}>
            {t(common.moveUp)}
          </button>
        ) : null}
        {draft && isArticle && index >= 0 && index < siblings.length - 1 ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.moveArticle(law.id, item.id, { direction: 'down' }), t(common.saved))}>
            {t(common.moveDown)}
          </button>
        ) : null}
        {may.signalScribe && user ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.signalArticle(law.id, item.id, 'scribe'), t(m.signalDone), { title: t(m.signalScribeTitle), message: label })}>
            {t(common.signalScribe)}
          </button>
        ) : null}
        {may.signalModerator ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.signalArticle(law.id, item.id, 'moderator'), t(m.signalDone), { title: t(m.signalModeratorTitle), message: label })}>
            {t(common.signalModerator)}
          </button>
        ) : null}
        {may.pin ? (
          <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.pinArticle(law.id, item.id, !item.pin), t(common.saved))}>
            {t(item.pin ? common.unpin : common.pin)}
          </button>
        ) : null}
        {may.remove ? (
          <button type="button" className="button--small button--danger" onClick={() => run(() => lawsApi.deleteArticle(law.id, item.id), t(m.deleted), { title: t(m.deleteTitle), message: label, danger: true })}>
            {t(common.delete)}
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
  const [title, setTitle] = useState('');
  const draft = mayDraft(law, user);
  const label = t(common.article, { number });
  return (
    <li>
      <ContentCard law={law} item={article} label={label} user={user} reload={reload}>
        {article.amendments.length > 0 ? (
          <ol className="decisions-list decisions-amendments">
            {article.amendments.map((amendment, index) => (
              <li key={amendment.id}>
                <ContentCard law={law} item={amendment} label={amendmentName(t, index + 1, amendment.title)} user={user} reload={reload} />
              </li>
            ))}
          </ol>
        ) : null}
        {draft ? (
          <FormOpener
            label={t(m.addAmendment)}
            form={(close) => (
              <TextForm
                label={t(m.amendmentText)}
                multiline
                max={5000}
                submitLabel={t(m.addAmendment)}
                onCancel={close}
                extra={<TitleField label={t(m.amendmentTitleLabel)} value={title} onChange={setTitle} />}
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
      </ContentCard>
    </li>
  );
}
