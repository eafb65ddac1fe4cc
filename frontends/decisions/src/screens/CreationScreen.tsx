import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import type { Article, LawDetail, SessionUser } from '@civic/contracts';
import { ChatPanel } from '../chat/ChatPanel.js';
import { decisionsApi } from '../api/decisions.js';
import { lawsApi } from '../api/laws.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { contentPermissions, isCreatorOf, mayDraft } from '../law-rules.js';
import { useShell } from '../RemoteFrame.js';
import { useSession } from '@civic/frontend-kit/remote-session';
import { Countdown } from '../ui/cycle.js';
import { useFeedback } from '@civic/frontend-kit/remote-feedback';
import { ContentBadges, LawMeta, SourceList, TextForm, useAct } from '../ui/LawParts.js';
import { Empty, LoadError, Loading } from '../ui/states.js';

const m = {
  title: { id: 'decisions.creations.title' },
  intro: { id: 'decisions.creations.intro' },
  none: { id: 'decisions.creations.none' },
  noneHint: { id: 'decisions.creations.noneHint' },
  laws: { id: 'decisions.creations.laws' },
  endsIn: { id: 'decisions.creations.endsIn' },
  youAreCreator: { id: 'decisions.creations.youAreCreator' },
  readOnly: { id: 'decisions.creations.readOnly' },
  ungrouped: { id: 'decisions.creations.ungrouped' },
  noArticles: { id: 'decisions.creations.noArticles' },
  article: { id: 'decisions.article.number' },
  amendment: { id: 'decisions.amendment.number' },
  amendmentTitle: { id: 'decisions.amendment.title' },
  amendmentTitleLabel: { id: 'decisions.amendment.titleLabel' },
  addGroup: { id: 'decisions.group.add' },
  groupName: { id: 'decisions.group.name' },
  rename: { id: 'decisions.group.rename' },
  moveUp: { id: 'decisions.move.up' },
  moveDown: { id: 'decisions.move.down' },
  deleteGroup: { id: 'decisions.group.delete' },
  deleteGroupTitle: { id: 'decisions.group.deleteTitle' },
  deleteGroupMessage: { id: 'decisions.group.deleteMessage' },
  groupActions: { id: 'decisions.group.actions' },
  addArticle: { id: 'decisions.article.add' },
  articleText: { id: 'decisions.article.text' },
  articleGroup: { id: 'decisions.article.group' },
  noGroup: { id: 'decisions.article.noGroup' },
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
  by: { id: 'decisions.law.by' },
  writtenBy: { id: 'decisions.article.by' },
  actions: { id: 'decisions.proposal.actions' },
  lawSources: { id: 'decisions.creations.lawSources' },
  lawActions: { id: 'decisions.law.actions' },
  lawTitle: { id: 'decisions.form.title' },
  lawDescription: { id: 'decisions.form.description' },
  deleteLawTitle: { id: 'decisions.law.deleteTitle' },
};

type Reload = () => void;

/** One article or amendment in the editor: its text, marks and the actions the reader may take. */
function ContentCard({ law, item, label, user, reload, children }: { law: LawDetail; item: Article; label: string; user: SessionUser | null | undefined; reload: Reload; children?: ReactNode }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const act = useAct();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const may = contentPermissions(item, law, user);
  const draft = mayDraft(law, user);
  const isArticle = item.kind === 'article';
  const siblings = law.articles.filter((article) => article.groupId === item.groupId);
  const index = siblings.findIndex((article) => article.id === item.id);
  const run = (call: () => Promise<unknown>, done: string, question?: { title: string; message?: string; danger?: boolean }) =>
    void act(async () => {
      await call();
      toast(done, 'success');
      reload();
    }, question);

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
      <div className="decisions-actions" role="group" aria-label={t(m.actions)}>
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
      <SourceList sources={item.sources} target={{ kind: 'article', id: item.id }} canAdd={may.addSource} canChange={may.edit || Boolean(user?.moderator)} onChanged={reload} />
      {children}
    </article>
  );
}

/** An article with its amendments and, for creators, the form to amend it. */
function ArticleBlock({ law, article, number, user, reload }: { law: LawDetail; article: Article; number: number; user: SessionUser | null | undefined; reload: Reload }) {
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

/** What the reader may do with the law itself: edit its title and description, signal, pin, delete. */
function LawActions({ law, user, reload }: { law: LawDetail; user: SessionUser | null | undefined; reload: Reload }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const act = useAct();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(law.title);
  const titleId = useId();
  const may = contentPermissions(law, law, user);
  const run = (call: () => Promise<unknown>, done: string, question?: { title: string; message?: string; danger?: boolean }) =>
    void act(async () => {
      await call();
      toast(done, 'success');
      reload();
    }, question);
  if (editing) {
    return (
      <TextForm
        label={t(m.lawDescription)}
        initial={law.description}
        multiline
        max={600}
        submitLabel={t(m.save)}
        onCancel={() => setEditing(false)}
        extra={
          <div className="field">
            <label htmlFor={titleId}>{t(m.lawTitle)}</label>
            <input id={titleId} value={title} maxLength={256} onChange={(event) => setTitle(event.target.value)} />
          </div>
        }
        onSubmit={async (description) => {
          await lawsApi.editLaw(law.id, { title: title.trim(), description });
          setEditing(false);
          toast(t(m.saved), 'success');
          reload();
        }}
      />
    );
  }
  return (
    <div className="decisions-actions" role="group" aria-label={t(m.lawActions)}>
      {may.edit ? (
        <button type="button" className="button--small" onClick={() => setEditing(true)}>
          {t(m.edit)}
        </button>
      ) : null}
      {may.signalScribe && user ? (
        <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.signalLaw(law.id, 'scribe'), t(m.signalDone), { title: t(m.signalScribeTitle), message: law.title })}>
          {t(m.signalScribe)}
        </button>
      ) : null}
      {may.signalModerator ? (
        <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.signalLaw(law.id, 'moderator'), t(m.signalDone), { title: t(m.signalModeratorTitle), message: law.title })}>
          {t(m.signalModerator)}
        </button>
      ) : null}
      {may.pin ? (
        <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.pinLaw(law.id, !law.pin), t(m.saved))}>
          {t(law.pin ? m.unpin : m.pin)}
        </button>
      ) : null}
      {may.remove ? (
        <button type="button" className="button--small button--danger" onClick={() => run(() => lawsApi.deleteLaw(law.id), t(m.deleted), { title: t(m.deleteLawTitle), message: law.title, danger: true })}>
          {t(m.delete)}
        </button>
      ) : null}
    </div>
  );
}

/** The drafting editor of one law (read-only for everyone but its creators). */
function LawEditor({ law, user, reload }: { law: LawDetail; user: SessionUser | null | undefined; reload: Reload }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const act = useAct();
  const draft = mayDraft(law, user);
  const [renaming, setRenaming] = useState<string | null>(null);
  const groupSelectId = useId();
  const [groupForArticle, setGroupForArticle] = useState('');
  const lawMay = contentPermissions(law, law, user);
  const sections = [{ id: null as string | null, name: t(m.ungrouped) }, ...law.groups.map((group) => ({ id: group.id as string | null, name: group.name }))];
  let number = 0;
  const run = (call: () => Promise<unknown>, done: string, question?: { title: string; message?: string; danger?: boolean }) =>
    void act(async () => {
      await call();
      toast(done, 'success');
      reload();
    }, question);

  return (
    <div className="decisions-law" data-law={law.id}>
      <h2>{law.title}</h2>
      <LawMeta law={law} />
      <p className="decisions-proposal__meta">
        <ContentBadges item={law} />
      </p>
      <p className="decisions-proposal__description">{law.description}</p>
      <LawActions key={`${law.id}:${law.updatedAt}`} law={law} user={user} reload={reload} />
      <p className={isCreatorOf(law, user) ? 'notice notice--success' : 'notice'}>{isCreatorOf(law, user) ? t(m.youAreCreator) : t(m.readOnly)}</p>
      {law.articles.length === 0 && law.groups.length === 0 ? <Empty title={t(m.noArticles)} /> : null}
      {sections.map((section, sectionIndex) => {
        const articles = law.articles.filter((article) => article.groupId === section.id);
        if (section.id === null && articles.length === 0) return null;
        const headingId = `group-${section.id ?? 'none'}`;
        return (
          <section key={section.id ?? 'none'} className="decisions-group" aria-labelledby={headingId} data-group={section.name}>
            <h3 id={headingId} className="decisions-group__title">
              {section.name}
            </h3>
            {section.id && draft ? (
              renaming === section.id ? (
                <TextForm
                  label={t(m.groupName)}
                  initial={section.name}
                  max={120}
                  submitLabel={t(m.save)}
                  onCancel={() => setRenaming(null)}
                  onSubmit={async (name) => {
                    await lawsApi.renameGroup(law.id, section.id!, name);
                    setRenaming(null);
                    toast(t(m.saved), 'success');
                    reload();
                  }}
                />
              ) : (
                <div className="decisions-actions" role="group" aria-label={t(m.groupActions, { name: section.name })}>
                  <button type="button" className="button--small button--secondary" onClick={() => setRenaming(section.id)}>
                    {t(m.rename)}
                  </button>
                  {sectionIndex > 1 ? (
                    <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.moveGroup(law.id, section.id!, 'up'), t(m.saved))}>
                      {t(m.moveUp)}
                    </button>
                  ) : null}
                  {sectionIndex < sections.length - 1 ? (
                    <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.moveGroup(law.id, section.id!, 'down'), t(m.saved))}>
                      {t(m.moveDown)}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button--small button--danger"
                    onClick={() => run(() => lawsApi.deleteGroup(law.id, section.id!), t(m.saved), { title: t(m.deleteGroupTitle), message: t(m.deleteGroupMessage, { name: section.name }), danger: true })}
                  >
                    {t(m.deleteGroup)}
                  </button>
                </div>
              )
            ) : null}
            {articles.length === 0 ? <p className="decisions-muted">{t(m.noArticles)}</p> : null}
            <ol className="decisions-list">
              {articles.map((article) => {
                number += 1;
                return <ArticleBlock key={article.id} law={law} article={article} number={number} user={user} reload={reload} />;
              })}
            </ol>
          </section>
        );
      })}
      {draft ? (
        <div className="decisions-editor-forms">
          <TextForm
            label={t(m.articleText)}
            multiline
            max={5000}
            submitLabel={t(m.addArticle)}
            extra={
              <div className="field">
                <label htmlFor={groupSelectId}>{t(m.articleGroup)}</label>
                <select id={groupSelectId} value={groupForArticle} onChange={(event) => setGroupForArticle(event.target.value)}>
                  <option value="">{t(m.noGroup)}</option>
                  {law.groups.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name}
                    </option>
                  ))}
                </select>
              </div>
            }
            onSubmit={async (body) => {
              await lawsApi.addArticle(law.id, body, groupForArticle || null);
              toast(t(m.created), 'success');
              reload();
            }}
          />
          <TextForm
            label={t(m.groupName)}
            max={120}
            submitLabel={t(m.addGroup)}
            onSubmit={async (name) => {
              const detail = await lawsApi.addGroup(law.id, name);
              setGroupForArticle(detail.groups[detail.groups.length - 1]?.id ?? '');
              toast(t(m.saved), 'success');
              reload();
            }}
          />
        </div>
      ) : null}
      <SourceList sources={law.sources} target={{ kind: 'law', id: law.id }} canAdd={draft || lawMay.addSource} canChange={draft || lawMay.edit || Boolean(user?.moderator)} onChanged={reload} />
      <ChatPanel room={`law:${law.id}:creation`} />
    </div>
  );
}

/** /decisions/creations: the laws in creation, each with the drafting editor for its creators. */
export function CreationsScreen() {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { layouts } = useShell();
  const user = useSession();
  const [params, setParams] = useSearchParams();
  const cycles = useResource('cycles', (signal) => decisionsApi.cycles(signal), 30_000);
  const list = useResource('laws:creation', (signal) => lawsApi.list({ state: 'creation' }, signal), 30_000);
  const laws = list.data?.laws ?? [];
  const chosen = params.get('law') ?? laws[0]?.id ?? null;
  const detail = useResource(`law:${chosen ?? 'none'}:${intl.locale}`, (signal) => (chosen ? lawsApi.law(chosen, intl.locale, signal) : Promise.resolve(null)), 15_000);
  const cycle = cycles.data?.cycles.find((item) => item.phase === 'creation');

  let body;
  if (!list.data) body = list.loading ? <Loading /> : <LoadError error={list.error} onRetry={list.reload} />;
  else if (laws.length === 0) {
    body = (
      <Empty title={t(m.none)}>
        <p>
          {t(m.noneHint)} <Link to="/kanban/laws">{t({ id: 'decisions.kanban.laws.title' })}</Link>
        </p>
      </Empty>
    );
  } else {
    body = (
      <>
        {cycle ? <Countdown label={t(m.endsIn)} times={cycle} receivedAt={cycles.receivedAt} target={cycle.phaseEndsAt} onElapsed={list.reload} /> : null}
        <nav aria-label={t(m.laws)}>
          <ul className="decisions-tabs">
            {laws.map((law) => (
              <li key={law.id}>
                <Link
                  to={`?law=${encodeURIComponent(law.id)}`}
                  aria-current={law.id === chosen ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    setParams({ law: law.id });
                  }}
                >
                  {law.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {!detail.data ? detail.loading ? <Loading /> : <LoadError error={detail.error} onRetry={detail.reload} /> : <LawEditor law={detail.data} user={user} reload={detail.reload} />}
      </>
    );
  }
  return (
    <layouts.list title={t(m.title)} intro={t(m.intro)}>
      {body}
    </layouts.list>
  );
}
