import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { lawsApi } from '../api/laws.js';
import { useResource } from '@civic/frontend-kit/remote-hooks';
import { recomputeDraw } from '../creators-draw.js';
import { isNotFound } from '../not-found.js';
import { useShell } from '../RemoteFrame.js';
import { LawMeta, lawPath } from '../ui/LawMeta.js';
import { useLawOfAddress } from '../ui/LawTabs.js';
import { LoadError, Loading, Section } from '../ui/States.js';
import { formatDay } from '../dates.js';
import { buttonClass } from '@civic/frontend-kit/design';

/** /decisions/creators/:id: the creators drawn for a law, and the draw anyone can check in the browser. */
export function CreatorsScreen() {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const { layouts, NotFound } = useShell();
  const { id, law } = useLawOfAddress();
  const draw = useResource(`creators-draw:${id}`, (signal) => lawsApi.draw(id, signal));
  // The verdict belongs to the law it was computed for.
  const [checked, setChecked] = useState<{ id: string; verdict: 'idle' | 'checking' | 'ok' | 'mismatch' }>({ id, verdict: 'idle' });
  const verdict = checked.id === id ? checked.verdict : 'idle';
  const setVerdict = (value: 'idle' | 'checking' | 'ok' | 'mismatch') => setChecked({ id, verdict: value });

  const check = async () => {
    if (!draw.data) return;
    setVerdict('checking');
    const again = await recomputeDraw(draw.data.seed, draw.data.lawId, draw.data.eligible, draw.data.perLaw);
    setVerdict(again.join() === draw.data.creators.map((creator) => creator.userId).join() ? 'ok' : 'mismatch');
  };

  // An unknown law (or one without a draw), or an id that cannot be one, is a page that does not exist.
  if (isNotFound(law.error) || isNotFound(draw.error)) return <NotFound />;
  let body;
  if (!law.data || !draw.data) {
    const error = law.error ?? draw.error;
    body = error ? <LoadError error={error} onRetry={() => (law.reload(), draw.reload())} /> : <Loading />;
  } else {
    const detail = law.data;
    const data = draw.data;
    body = (
      <>
        <h2>{detail.title}</h2>
        <LawMeta law={detail} followable />
        <p>
          <Link to={lawPath(detail)}>{t({ id: 'decisions.creators.toLaw' })}</Link>
        </p>
        <Section id="creators-list" title={t({ id: 'decisions.creators.list' })}>
          {data.creators.length === 0 ? (
            <p>{t({ id: 'decisions.creators.none' })}</p>
          ) : (
            <ol className="decisions-creators">
              {data.creators.map((creator) => (
                <li key={creator.userId} data-creator={creator.userId}>
                  <Link to={`/users/${encodeURIComponent(creator.userId)}/${encodeURIComponent(creator.userName || 'citizen')}/activity`}>{creator.userName || creator.userId}</Link>
                </li>
              ))}
            </ol>
          )}
        </Section>
        <Section id="creators-how" title={t({ id: 'decisions.creators.how' })}>
          <p>{t({ id: 'decisions.creators.algorithm' }, { perLaw: data.perLaw, algorithm: data.algorithm })}</p>
          <dl className="decisions-draw">
            <dt>{t({ id: 'decisions.creators.seed' })}</dt>
            <dd>
              <code className="decisions-code">{data.seed}</code>
            </dd>
            <dt>{t({ id: 'decisions.creators.eligible' })}</dt>
            <dd>{data.eligible.length}</dd>
            <dt>{t({ id: 'decisions.creators.drawnAt' })}</dt>
            <dd>{formatDay(intl, data.drawnAt, { dateStyle: 'long', timeStyle: 'short' })}</dd>
          </dl>
          <div className="decisions-actions">
            <button type="button" className={buttonClass('primary')} onClick={() => void check()} disabled={verdict === 'checking'} aria-busy={verdict === 'checking' || undefined}>
              {t(verdict === 'checking' ? { id: 'decisions.creators.checking' } : { id: 'decisions.creators.check' })}
            </button>
            <a className={buttonClass('secondary')} href={`/api/laws/${encodeURIComponent(detail.id)}/draw`} download={`draw-${detail.id}.json`}>
              {t({ id: 'decisions.creators.download' })}
            </a>
          </div>
          <p role="status">{verdict === 'ok' ? t({ id: 'decisions.creators.checked' }) : verdict === 'mismatch' ? t({ id: 'decisions.creators.mismatch' }) : null}</p>
        </Section>
      </>
    );
  }
  return (
    <layouts.default title={t({ id: 'decisions.creators.title' })} intro={t({ id: 'decisions.creators.intro' })}>
      {body}
    </layouts.default>
  );
}
