/**
 * The drafting workspace of one law, laid out as the document being written: its title and
 * description, then its groups as sections and its articles as numbered paragraphs (amendments
 * beside them), its sources, and for its creators the forms to add an article or a group.
 * Read-only for everyone but the law's creators; every action shows as the service's answer says
 * (the `may` of the law, of each article and amendment, and of each source).
 */
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Article, LawDetail, SessionUser } from '@civic/contracts';
import { buttonClass, EmptyState, type MenuItem } from '@civic/frontend-kit/design';
import { lawsApi } from '../../api/laws.js';
import { useRun, type Reload } from '../act.js';
import { ArticleBlock } from '../ArticleBlock.js';
import { useFeedback } from '../feedback.js';
import { LawActions, type LawChange } from '../LawActions.js';
import { amendmentName, ContentBadges, LawMeta } from '../LawMeta.js';
import { SourceList } from '../SourceList.js';
import { TextForm } from '../TextForm.js';
import { HistoryLink } from '../history/HistoryLink.js';
import { common } from '../../messages.js';
import { AddContent } from './AddContent.js';
import { ActionBar } from './ActionBar.js';
import { drafting } from './messages.js';
import { SortableArticles } from './SortableArticles.js';
import './drafting.css';
import { useArticleOrder } from './use-article-order.js';
import { DraftingPresenceProvider, HereNow } from '../live-draft/DraftingPresence.js';
import { live } from '../live-draft/messages.js';
import '../live-draft/live-draft.css';

interface Section {
  /** The group's id, null for the articles without a group. */
  id: string | null;
  name: string;
  articles: { article: Article; number: number }[];
}

/** The sections of the text in order (articles without a group first), articles numbered through the whole law. */
function sectionsOf(law: LawDetail, articles: Article[], ungrouped: string): Section[] {
  const groups = [{ id: null as string | null, name: ungrouped }, ...law.groups.map((group) => ({ id: group.id as string | null, name: group.name }))];
  let number = 0;
  return groups.map((group) => ({ ...group, articles: articles.filter((article) => article.groupId === group.id).map((article) => ({ article, number: ++number })) }));
}

/** The name of each article and amendment, as "Here now" says what a creator edits. */
function textLabels(sections: Section[], t: IntlShape['formatMessage']): Map<string, string> {
  const labels = new Map<string, string>();
  for (const section of sections) {
    for (const { article, number } of section.articles) {
      const name = t(common.article, { number });
      labels.set(article.id, name);
      article.amendments.forEach((amendment, index) => labels.set(amendment.id, t(live.amendmentOf, { amendment: amendmentName(t, index + 1, amendment.title), article: name })));
    }
  }
  return labels;
}

/** A group's heading with its one main action (Rename) and the others in a menu. */
function SectionHead({ law, section, index, count, draft, reload }: { law: LawDetail; section: Section; index: number; count: number; draft: boolean; reload: Reload }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const [renaming, setRenaming] = useState(false);
  const run = useRun(reload);
  const headingId = `group-${section.id ?? 'none'}`;
  const groupId = section.id;
  const heading = (
    <div className="drafting-section__name">
      <h3 id={headingId} className="drafting-section__title">
        {section.name}
      </h3>
    </div>
  );
  const history = groupId ? <HistoryLink kind="group" id={groupId} of={section.name} /> : null;
  if (!groupId || !draft) {
    return (
      <div className="drafting-section__head">
        {heading}
        {history ? <ActionBar label={t({ id: 'decisions.group.actions' }, { name: section.name })} history={history} main={null} more={[]} /> : null}
      </div>
    );
  }
  if (renaming) {
    return (
      <div className="drafting-section__head">
        {heading}
        <TextForm
          label={t({ id: 'decisions.group.name' })}
          initial={section.name}
          max={120}
          onCancel={() => setRenaming(false)}
          onSubmit={async (name) => {
            await lawsApi.renameGroup(law.id, groupId, name);
            setRenaming(false);
            toast(t(common.saved), 'success');
            reload();
          }}
        />
      </div>
    );
  }
  // Index 0 is the articles without a group, which always come first: a group moves among the groups.
  const more: MenuItem[] = [];
  if (index > 1) more.push({ key: 'up', label: t(common.moveUp), onSelect: () => run(() => lawsApi.moveGroup(law.id, groupId, 'up'), t(common.saved)) });
  if (index < count - 1) more.push({ key: 'down', label: t(common.moveDown), onSelect: () => run(() => lawsApi.moveGroup(law.id, groupId, 'down'), t(common.saved)) });
  more.push({
    key: 'delete',
    label: t({ id: 'decisions.group.delete' }),
    danger: true,
    onSelect: () =>
      run(() => lawsApi.deleteGroup(law.id, groupId), t(common.saved), {
        title: t({ id: 'decisions.group.deleteTitle' }),
        message: t({ id: 'decisions.group.deleteMessage' }, { name: section.name }),
        danger: true,
      }),
  });
  return (
    <div className="drafting-section__head">
      {heading}
      <ActionBar label={t({ id: 'decisions.group.actions' }, { name: section.name })} history={history} main={{ text: t({ id: 'decisions.group.rename' }), onClick: () => setRenaming(true) }} more={more} />
    </div>
  );
}

export function LawDocument({ law, user, reload, onLawChanged }: { law: LawDetail; user: SessionUser | null | undefined; reload: Reload; onLawChanged: (change: LawChange) => void }) {
  const { formatMessage: t } = useIntl();
  const draft = law.may.draft;
  // Only the notice says whether the reader was drawn: what they may do is the answer's `may`.
  const creator = Boolean(user && law.creators.some((entry) => entry.userId === user.id));
  const order = useArticleOrder(law, reload, t(drafting.orderSaved));
  const sections = sectionsOf(law, order.articles, t({ id: 'decisions.creations.ungrouped' }));
  const empty = law.articles.length === 0 && law.groups.length === 0;
  // The law's own sources close the document, quietly; the form opens from a quiet button.
  const canAddSource = law.may.addSource;
  const [addingSource, setAddingSource] = useState(false);
  // Presence is the creators' own: the chat service answers it to who may draft the law.
  const present = draft && Boolean(user);
  const labels = textLabels(sections, t);

  return (
    <DraftingPresenceProvider lawId={law.id} active={present} readerId={user?.id ?? null}>
      <div className="drafting-doc" data-law={law.id}>
        <header className="drafting-doc__head">
          <h2 className="drafting-doc__title">{law.title}</h2>
          <LawMeta law={law} followable />
          <p className="drafting-doc__meta">
            <HistoryLink kind="law" id={law.id} of={law.title} />
          </p>
          <p className="drafting-doc__meta">
            <ContentBadges item={law} />
          </p>
          <p className="drafting-doc__description">{law.description}</p>
          <LawActions key={`${law.id}:${law.updatedAt}`} law={law} user={user} reload={reload} onChanged={onLawChanged} />
          <p className={creator ? 'notice notice--success' : 'notice'}>{creator ? t({ id: 'decisions.creations.youAreCreator' }) : t({ id: 'decisions.creations.readOnly' })}</p>
          {present ? <HereNow labels={labels} /> : null}
        </header>
        {empty ? <EmptyState title={t({ id: 'decisions.creations.noArticles' })}>{draft ? <p>{t(drafting.emptyHint)}</p> : null}</EmptyState> : null}
        {sections.map((section, index) => {
          if (section.id === null && section.articles.length === 0) return null;
          return (
            <section key={section.id ?? 'none'} className="drafting-section" aria-labelledby={`group-${section.id ?? 'none'}`} data-group={section.name}>
              <SectionHead law={law} section={section} index={index} count={sections.length} draft={draft} reload={reload} />
              {section.articles.length === 0 ? (
                <p className="decisions-muted">{t({ id: 'decisions.creations.noArticles' })}</p>
              ) : (
              <SortableArticles
                items={section.articles.map(({ article, number }) => ({ id: article.id, label: t(common.article, { number }) }))}
                sortable={section.articles.length > 1 && section.articles.every((entry) => entry.article.may.move)}
                onMove={order.move}
              >
                {(item, handle) => {
                  const index = section.articles.findIndex((entry) => entry.article.id === item.id);
                  const { article, number } = section.articles[index]!;
                  return (
                    <ArticleBlock
                      law={law}
                      article={article}
                      number={number}
                      user={user}
                      reload={reload}
                      handle={handle}
                      place={{ index, count: section.articles.length, move: (to) => order.move(article.id, to) }}
                    />
                  );
                }}
              </SortableArticles>
              )}
            </section>
          );
        })}
        {draft ? <AddContent law={law} reload={reload} /> : null}
        <SourceList
          sources={law.sources}
          target={{ kind: 'law', id: law.id }}
          canAdd={canAddSource}
          onChanged={reload}
          adding={addingSource}
          onAddingChange={setAddingSource}
        />
        {canAddSource && !addingSource ? (
          <p className="drafting-doc__more">
            <button type="button" className={buttonClass('quiet')} onClick={() => setAddingSource(true)}>
              {t({ id: 'decisions.source.add' })}
            </button>
          </p>
        ) : null}
      </div>
    </DraftingPresenceProvider>
  );
}
