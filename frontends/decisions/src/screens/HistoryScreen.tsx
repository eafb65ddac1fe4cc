import { useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { Badge } from '@civic/frontend-kit/design';
import { historyApi } from '../api/history.js';
import { isNotFound } from '../not-found.js';
import { useShell } from '../RemoteFrame.js';
import type { HistoryLinkState } from '../ui/history/HistoryLink.js';
import { ChainCheck, useBrokenVersions } from '../ui/history/ChainCheck.js';
import '../ui/history/history.css';
import { kindMessages, VersionList } from '../ui/history/VersionList.js';
import { Empty, Pending } from '../ui/States.js';

/** The name the text was read under, when the reader came by its History link (an address alone has none). */
function linkedName(state: unknown): string | null {
  const of = (state as Partial<HistoryLinkState> | null)?.of;
  return typeof of === 'string' && of.trim() !== '' ? of : null;
}

/**
 * /decisions/history/:kind/:id: every version of a text (a proposal, a law, a group, an article or an
 * amendment), newest first, with what each changed, who changed it and why, and its hash in the
 * chain that the archived law's seal closes (docs/text-chain.md), and whether the chain is whole.
 * Readable by visitors.
 */
export function HistoryScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts, NotFound } = useShell();
  const { kind = '', id = '' } = useParams();
  const linked = linkedName(useLocation().state);
  const history = useResource(`history:${kind}:${id}`, (signal) => historyApi.history(kind, id, signal));
  const broken = useBrokenVersions(history.data);

  // An unknown text, or an address that cannot name one, is a page that does not exist.
  if (isNotFound(history.error)) return <NotFound />;
  let body;
  const data = history.data;
  if (!data) body = <Pending resource={history} cards={3} />;
  else {
    const lawId = data.lawId;
    // A part of a law (group, article, amendment) is headed by its own name when known, the law below.
    const part = data.kind !== 'proposal' && data.kind !== 'law' && linked !== null;
    body = (
      <div className="decisions-history" data-history-of={data.id}>
        <div className="decisions-history__head">
          <h2 className="decisions-history__title">{part ? linked : data.title}</h2>
          <Badge tone="accent">{t(kindMessages[data.kind])}</Badge>
          {data.deleted ? <Badge tone="danger">{t({ id: 'decisions.history.deletedText' })}</Badge> : null}
        </div>
        {part ? <p className="decisions-history__document">{t({ id: 'decisions.history.inLaw' }, { title: data.title })}</p> : null}
        <p className="decisions-muted">
          {t({ id: 'decisions.history.count' }, { count: data.versions.length })}
          {lawId ? (
            <>
              {' · '}
              <Link to={`/decisions/history/law/${encodeURIComponent(lawId)}`}>{t({ id: 'decisions.history.toLaw' })}</Link>
            </>
          ) : null}
        </p>
        <ChainCheck broken={data.versions.length === 0 ? null : broken} />
        {data.versions.length === 0 ? <Empty title={t({ id: 'decisions.history.none' })} /> : <VersionList versions={data.versions} historyKind={data.kind} broken={broken ?? []} />}
      </div>
    );
  }
  return (
    <layouts.default title={t({ id: 'decisions.history.title' })} intro={t({ id: 'decisions.history.intro' })}>
      {body}
    </layouts.default>
  );
}
