import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LawDetail, SessionUser } from '@civic/contracts';
import { ChatPanel } from '../chat/ChatPanel.js';
import { lawsApi } from '../api/laws.js';
import { contentPermissions, isCreatorOf, mayDraft } from '../law-rules.js';
import { useShell } from '../RemoteFrame.js';
import { useSession } from '@civic/frontend-kit/remote-session';
import { useRun, type Reload } from '../ui/act.js';
import { ArticleBlock } from '../ui/content-card.js';
import { Countdown } from '../ui/cycle.js';
import { useFeedback } from '../ui/feedback.js';
import { LawActions, type LawChange } from '../ui/law-actions.js';
import { ContentBadges, LawMeta } from '../ui/law-meta.js';
import { LawTabs, useLawsInPhase } from '../ui/law-tabs.js';
import { SourceList } from '../ui/sources.js';
import { Empty, EmptyWithLink, Pending } from '../ui/states.js';
import { TextForm } from '../ui/text-form.js';
import { common } from '../messages.js';

const m = {
  title: { id: 'decisions.creations.title' },
  intro: { id: 'decisions.creations.intro' },
  none: { id: 'decisions.creations.none' },
  noneHint: { id: 'decisions.creations.noneHint' },
  endsIn: { id: 'decisions.creations.endsIn' },
  youAreCreator: { id: 'decisions.creations.youAreCreator' },
  readOnly: { id: 'decisions.creations.readOnly' },
  ungrouped: { id: 'decisions.creations.ungrouped' },
  noArticles: { id: 'decisions.creations.noArticles' },
  addGroup: { id: 'decisions.group.add' },
  groupName: { id: 'decisions.group.name' },
  rename: { id: 'decisions.group.rename' },
  deleteGroup: { id: 'decisions.group.delete' },
  deleteGroupTitle: { id: 'decisions.group.deleteTitle' },
  deleteGroupMessage: { id: 'decisions.group.deleteMessage' },
  groupActions: { id: 'decisions.group.actions' },
  addArticle: { id: 'decisions.article.add' },
  articleGroup: { id: 'decisions.article.group' },
  noGroup: { id: 'decisions.article.noGroup' },
};

/** The drafting editor of one law (read-only for everyone but its creators). */
function LawEditor({ law, user, reload, onLawChanged }: { law: LawDetail; user: SessionUser | null | undefined; reload: Reload; onLawChanged: (change: LawChange) => void }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const draft = mayDraft(law, user);
  const [renaming, setRenaming] = useState<string | null>(null);
  const groupSelectId = useId();
  const [groupForArticle, setGroupForArticle] = useState('');
  const lawMay = contentPermissions(law, law, user);
  const sections = [{ id: null as string | null, name: t(m.ungrouped) }, ...law.groups.map((group) => ({ id: group.id as string | null, name: group.name }))];
  let number = 0;
  const run = useRun(reload);

  return (
    <div className="decisions-law" data-law={law.id}>
      <h2>{law.title}</h2>
      <LawMeta law={law} />
      <p className="decisions-proposal__meta">
        <ContentBadges item={law} />
      </p>
      <p className="decisions-proposal__description">{law.description}</p>
      <LawActions key={`${law.id}:${law.updatedAt}`} law={law} user={user} reload={reload} onChanged={onLawChanged} />
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
                  submitLabel={t(common.save)}
                  onCancel={() => setRenaming(null)}
                  onSubmit={async (name) => {
                    await lawsApi.renameGroup(law.id, section.id!, name);
                    setRenaming(null);
                    toast(t(common.saved), 'success');
                    reload();
                  }}
                />
              ) : (
                <div className="decisions-actions" role="group" aria-label={t(m.groupActions, { name: section.name })}>
                  <button type="button" className="button--small button--secondary" onClick={() => setRenaming(section.id)}>
                    {t(m.rename)}
                  </button>
                  {sectionIndex > 1 ? (
                    <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.moveGroup(law.id, section.id!, 'up'), t(common.saved))}>
                      {t(common.moveUp)}
                    </button>
                  ) : null}
                  {sectionIndex < sections.length - 1 ? (
                    <button type="button" className="button--small button--secondary" onClick={() => run(() => lawsApi.moveGroup(law.id, section.id!, 'down'), t(common.saved))}>
                      {t(common.moveDown)}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button--small button--danger"
                    onClick={() => run(() => lawsApi.deleteGroup(law.id, section.id!), t(common.saved), { title: t(m.deleteGroupTitle), message: t(m.deleteGroupMessage, { name: section.name }), danger: true })}
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
            label={t(common.articleText)}
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
              toast(t(common.created), 'success');
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
              toast(t(common.saved), 'success');
              reload();
            }}
          />
        </div>
      ) : null}
      <SourceList sources={law.sources} target={{ kind: 'law', id: law.id }} canAdd={draft || lawMay.addSource} canChange={draft || lawMay.edit || Boolean(user?.moderator)} canPin={Boolean(user?.moderator)} onChanged={reload} />
      <ChatPanel room={`law:${law.id}:creation`} />
    </div>
  );
}

/** /decisions/creations: the laws in creation, each with the drafting editor for its creators. */
export function CreationsScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts, NotFound } = useShell();
  const user = useSession();
  const { cycles, cycle, list, laws, chosen, detail, notFound, choose } = useLawsInPhase('creation', { list: 30_000, detail: 15_000 });
  // The tabs follow a law's new title at once; a deleted law's tab goes, and the first law left shows.
  const lawChanged = (change: LawChange) => {
    if (change === 'deleted') choose(null);
    list.reload();
  };

  if (notFound) return <NotFound />;

  let body;
  if (!list.data) body = <Pending resource={list} />;
  else if (laws.length === 0) body = <EmptyWithLink title={t(m.none)} hint={t(m.noneHint)} to="/kanban/laws" link={t({ id: 'decisions.kanban.laws.title' })} />;
  else {
    body = (
      <>
        {cycle ? <Countdown label={t(m.endsIn)} times={cycle} receivedAt={cycles.receivedAt} target={cycle.phaseEndsAt} onElapsed={list.reload} /> : null}
        <LawTabs laws={laws} chosen={chosen} onChoose={choose} />
        {!detail.data ? <Pending resource={detail} /> : <LawEditor law={detail.data} user={user} reload={detail.reload} onLawChanged={lawChanged} />}
      </>
    );
  }
  return (
    <layouts.list title={t(m.title)} intro={t(m.intro)}>
      {body}
    </layouts.list>
  );
}
