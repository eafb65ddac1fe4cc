import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { proposalCategories, type LawDetail, type LawSummary, type ProposalCategory } from '@civic/contracts';
import { lawsApi } from '../api/laws.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { adoptedArticles, archivedSources, withMorePages } from '../law-text.js';
import { isDecisionsId, isNotFound } from '../not-found.js';
import { useShell } from '../RemoteFrame.js';
import { Badge, Button, buttonClass } from '@civic/frontend-kit/design';
import { ChoiceBars } from '../ui/ChoiceBars.js';
import { amendmentName, LawMeta } from '../ui/LawMeta.js';
import { useLawOfAddress } from '../ui/LawTabs.js';
import { Apa } from '../ui/SourceList.js';
import { Empty, Pending, Section } from '../ui/States.js';
import { useErrorText } from '../ui/feedback.js';
import { CategoryOptions } from '../ui/FormParts.js';
import { formatDay } from '../dates.js';
import { common } from '../messages.js';
import { HistoryLink } from '../ui/history/HistoryLink.js';
import '../ui/history/history.css';
import { SealPanel } from '../ui/verify/SealPanel.js';
import { voteDetails, type TextOutcome } from '../ui/archive/vote-details.js';
import '../ui/archive/archive.css';
import { readEarly } from '@civic/frontend-kit/api-client';
import { readPaths } from '../api/read-paths.js';
import { ignoreFailure, type PageAddress } from '../first-reads.js';

const archivedStates = new Set(['adopted', 'rejected']);
// The chat client loads with the first look at a law, not with the archive's list.
const ArchivedChats = lazy(async () => ({ default: (await import('../chat/ArchivedChats.js')).ArchivedChats }));
const isCategory = (value: string | null): value is ProposalCategory => proposalCategories.includes(value as ProposalCategory);

/** PDF (in the reader's language) and open-data downloads of an archived law. */
function Downloads({ law }: { law: { id: string; title: string } }) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  return (
    <span className="decisions-actions decisions-actions--inline">
      <a
        className={buttonClass('secondary', 'sm')}
        href={lawsApi.pdfUrl(law.id, intl.locale)}
        download
        aria-label={`${t({ id: 'decisions.archive.pdf' })} · ${law.title}`}
        data-download="pdf"
      >
        {t({ id: 'decisions.archive.pdf' })}
      </a>
      <a className={buttonClass('quiet', 'sm')} href={lawsApi.openDataUrl(law.id)} download aria-label={`${t({ id: 'decisions.archive.json' })} · ${law.title}`} data-download="json">
        {t({ id: 'decisions.archive.json' })}
      </a>
    </span>
  );
}

/** When an archived law was adopted or rejected, and by how many voters. */
function ArchivedOn({ law }: { law: Pick<LawSummary, 'state' | 'archivedAt' | 'updatedAt' | 'voters'> }) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const date = formatDay(intl, law.archivedAt ?? law.updatedAt, { dateStyle: 'long' });
  return (
    <p className="decisions-muted">
      {t(law.state === 'adopted' ? { id: 'decisions.archive.adoptedOn' } : { id: 'decisions.archive.rejectedOn' }, { date })} · {t(common.voters, { count: law.voters })}
    </p>
  );
}

interface MorePages {
  /** The search the pages belong to: another search starts again from its first page. */
  key: string;
  laws: LawSummary[];
  /** The cursor after the last page read (undefined: none read yet, the first page's applies). */
  nextBefore?: string | null;
  loading: boolean;
  error?: unknown;
}

/** /archive: archived laws, searched by title and category (kept in the address), a page at a time. */
export function ArchiveScreen() {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { layouts } = useShell();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const categoryParam = params.get('category');
  const category = isCategory(categoryParam) ? categoryParam : undefined;
  const [text, setText] = useState(q);
  const [chosen, setChosen] = useState<string>(category ?? '');
  const searchId = useId();
  const categoryId = useId();
  const key = `archive:${q}:${category ?? ''}`;
  const laws = useResource(key, (signal) => lawsApi.list({ q: q || undefined, category }, signal));
  const errorText = useErrorText();
  const [morePages, setMorePages] = useState<MorePages>({ key, laws: [], loading: false });
  const more = morePages.key === key ? morePages : { key, laws: [], loading: false };
  const nextBefore = more.nextBefore === undefined ? (laws.data?.nextBefore ?? null) : more.nextBefore;
  const found = withMorePages(laws.data?.laws ?? [], more.laws).filter((law) => archivedStates.has(law.state));
  // After a page arrives, keyboard and screen reader users continue from its first law.
  const focusLaw = useRef<string | null>(null);
  useEffect(() => {
    if (!focusLaw.current) return;
    document.getElementById(`law-link-${focusLaw.current}`)?.focus();
    focusLaw.current = null;
  });

  const loadMore = () => {
    if (!nextBefore || more.loading) return;
    setMorePages({ ...more, loading: true, error: undefined });
    lawsApi.list({ q: q || undefined, category, before: nextBefore }).then(
      (page) => {
        focusLaw.current = page.laws.find((law) => archivedStates.has(law.state))?.id ?? null;
        setMorePages((current) => (current.key === key ? { key, laws: [...current.laws, ...page.laws], nextBefore: page.nextBefore, loading: false } : current));
      },
      (error: unknown) => setMorePages((current) => (current.key === key ? { ...current, loading: false, error } : current)),
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (text.trim()) next['q'] = text.trim();
    if (chosen) next['category'] = chosen;
    setParams(next);
  };

  const toolbar = (
    <form className="decisions-search" role="search" aria-label={t({ id: 'decisions.archive.search' })} onSubmit={submit}>
      <div className="field">
        <label htmlFor={searchId}>{t({ id: 'decisions.archive.searchLabel' })}</label>
        <input id={searchId} type="search" value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={categoryId}>{t(common.category)}</label>
        <select id={categoryId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <CategoryOptions none={t({ id: 'decisions.proposals.allCategories' })} />
        </select>
      </div>
      <Button type="submit">{t({ id: 'decisions.archive.submit' })}</Button>
    </form>
  );

  let body;
  if (!laws.data) body = <Pending resource={laws} />;
  else if (found.length === 0 && !nextBefore) body = <Empty title={t({ id: 'decisions.archive.none' })} />;
  else {
    body = (
      <Section id="archive-results" title={t(nextBefore ? { id: 'decisions.archive.shown' } : { id: 'decisions.archive.results' }, { count: found.length })}>
        <ul className="decisions-list">
          {found.map((law) => (
            <li key={law.id}>
              <article className="ui-card decisions-proposal" aria-labelledby={`law-${law.id}`} data-law={law.id}>
                <h3 id={`law-${law.id}`} className="decisions-proposal__title">
                  <Link id={`law-link-${law.id}`} to={`/archive/${encodeURIComponent(law.id)}`}>
                    {law.title}
                  </Link>
                </h3>
                <LawMeta law={law} />
                <ArchivedOn law={law} />
                <Downloads law={law} />
              </article>
            </li>
          ))}
        </ul>
        {nextBefore ? (
          <div className="decisions-actions" data-archive-more>
            {more.error ? (
              <p role="alert" className="decisions-muted">
                {t({ id: 'decisions.archive.moreError' })} ({errorText(more.error)})
              </p>
            ) : null}
            <Button variant="secondary" onClick={loadMore} aria-busy={more.loading || undefined}>
              {more.loading ? t({ id: 'decisions.archive.moreLoading' }) : t({ id: 'decisions.archive.more' })}
            </Button>
            <span role="status" className="ui-visually-hidden">
              {more.loading ? t({ id: 'decisions.archive.moreLoading' }) : ''}
            </span>
          </div>
        ) : null}
      </Section>
    );
  }
  return (
    <layouts.list title={t({ id: 'decisions.archive.title' })} intro={t({ id: 'decisions.archive.intro' })} toolbar={toolbar}>
      {body}
    </layouts.list>
  );
}

function Heading({ level, children }: { level: 3 | 4; children: ReactNode }) {
  return level === 3 ? <h3 className="decisions-law-text__article">{children}</h3> : <h4 className="decisions-law-text__article">{children}</h4>;
}

function LawText({ law }: { law: LawDetail }) {
  const { formatMessage: t } = useIntl();
  const groups = new Map(law.groups.map((group) => [group.id, group.name]));
  const text = adoptedArticles(law);
  if (text.length === 0) return <p>{t({ id: 'decisions.archivedLaw.noText' })}</p>;
  // A group's name heads its first adopted article.
  const names = text.map((entry) => (entry.article.groupId ? (groups.get(entry.article.groupId) ?? null) : null));
  return (
    <div className="decisions-law-text">
      {text.map((entry, index) => {
        const name = names[index] ?? null;
        return (
          <div key={entry.article.id}>
            {name !== null && name !== names[index - 1] ? <h3>{name}</h3> : null}
            {/* Headings do not skip a level: an article under its group's heading is one below it. */}
            <Heading level={entry.article.groupId && groups.has(entry.article.groupId) ? 4 : 3}>
              {t(common.article, { number: entry.number })}
              {entry.text.id !== entry.article.id ? <span className="decisions-muted"> ({t({ id: 'decisions.archivedLaw.amended' })})</span> : null}
            </Heading>
            <p className="decisions-proposal__description" data-final-text={entry.text.id}>
              {entry.text.body}
            </p>
          </div>
        );
      })}
    </div>
  );
}

/** The final vote on every text, each article numbered as in the adopted text. */
function VoteDetails({ law }: { law: LawDetail }) {
  const { formatMessage: t } = useIntl();
  return (
    <ol className="decisions-list">
      {voteDetails(law).map(({ article, number, texts }) => {
        const name = number === null ? t({ id: 'decisions.archivedLaw.notAdoptedArticle' }) : t(common.article, { number });
        return (
          <li key={article.id} className="ui-card decisions-proposal" data-article={article.id} data-number={number ?? ''}>
            <h3 className="decisions-proposal__title">{name}</h3>
            {texts.map(({ text, position, outcome }) => {
              const textName = position === 0 ? t(common.original) : amendmentName(t, position, text.title);
              return (
                <div key={text.id} className="decisions-final__result" data-result={outcome.kind} data-text={text.id}>
                  <p className="decisions-law-article__head">
                    <strong>{textName}</strong>
                    <OutcomeBadge outcome={outcome} /> <HistoryLink kind={text.kind} id={text.id} of={`${name} · ${textName}`} />
                  </p>
                  <p className="decisions-proposal__description">{text.body}</p>
                  <ChoiceBars counts={text.counts} />
                </div>
              );
            })}
          </li>
        );
      })}
    </ol>
  );
}

function OutcomeBadge({ outcome }: { outcome: TextOutcome }) {
  const { formatMessage: t } = useIntl();
  if (outcome.kind === 'adopted') return <Badge tone="success">{t({ id: 'decisions.archivedLaw.adopted' })}</Badge>;
  if (outcome.kind === 'rejected') return <Badge tone="danger">{t({ id: 'decisions.archivedLaw.rejected' })}</Badge>;
  if (outcome.kind === 'replaced') return <Badge>{t({ id: 'decisions.archivedLaw.replacedBy' }, { number: outcome.by })}</Badge>;
  return null;
}

/** /archive/:id: one archived law: its adopted text first, then what it is about, the vote on every text, sources, the seal. */
export function ArchiveLawScreen() {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { layouts, NotFound } = useShell();
  const { law } = useLawOfAddress();
  // An unknown id, or one that cannot be an id, is a page that does not exist.
  if (isNotFound(law.error)) return <NotFound />;
  let body;
  if (!law.data) body = <Pending resource={law} />;
  else if (!archivedStates.has(law.data.state)) {
    body = (
      <Empty title={t({ id: 'decisions.archivedLaw.notArchived' })}>
        <p>
          <Link to="/archive">{t({ id: 'decisions.archivedLaw.back' })}</Link>
        </p>
      </Empty>
    );
  } else {
    const detail = law.data;
    const sources = archivedSources(detail);
    // The law reads first: its title, when it was decided, its text; what it is about, the vote
    // text by text and the seal follow.
    body = (
      <>
        <div className="decisions-law-lead">
          <h2>{detail.title}</h2>
          <ArchivedOn law={detail} />
          <Downloads law={detail} />
        </div>
        <Section id="law-text" title={t({ id: 'decisions.archivedLaw.text' })}>
          <LawText law={detail} />
        </Section>
        <Section id="law-about" title={t({ id: 'decisions.archivedLaw.about' })}>
          <LawMeta law={detail} followable />
          <p className="decisions-proposal__description">{detail.description}</p>
          <p className="decisions-muted">
            <HistoryLink kind="law" id={detail.id} of={detail.title} />
          </p>
        </Section>
        <Section id="law-details" title={t({ id: 'decisions.archivedLaw.details' })}>
          <VoteDetails law={detail} />
        </Section>
        {sources.length > 0 ? (
          <Section id="law-sources" title={t(common.sources)}>
            <ul className="decisions-sources__list">
              {sources.map((source) => (
                <li key={source.id}>
                  <Apa source={source} />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        <SealPanel law={detail} />
        {/* The decision's closed chat rooms, read-only (docs/product.md#chat). */}
        <Suspense fallback={null}>
          <ArchivedChats cycleId={detail.cycleId} lawId={detail.id} />
        </Suspense>
      </>
    );
  }
  return (
    <layouts.default title={t({ id: 'decisions.archivedLaw.title' })} intro={t({ id: 'decisions.archivedLaw.intro' })}>
      {body}
    </layouts.default>
  );
}

/** The law, when the page opens at /archive/{id} (first-reads.ts, useLawOfAddress). */
export function firstReads({ params, lang }: PageAddress): void {
  if (params.id && isDecisionsId(params.id)) readEarly(readPaths.law(params.id, lang)).catch(ignoreFailure);
}
