/**
 * The seal of an archived law and its verification in the reader's browser, a secondary block after
 * the law's text: the open data (served, or
 * a file downloaded earlier) is checked with the same code as the service's (`verifyOpenData`,
 * docs/text-chain.md#verification): every version's hash, every link of each text's chain, the seal
 * over the last versions, and the adopted text against the versions voted. The result is announced.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { verifyOpenData, type ChainReport, type LawDetail } from '@civic/contracts';
import { Button } from '@civic/frontend-kit/design';
import { historyApi } from '../../api/history.js';
import { formatDay } from '../../dates.js';
import { useErrorText } from '../feedback.js';
import { Section } from '../States.js';
import { FilePicker } from '../archive/FilePicker.js';
import { HashChip } from '../history/HashChip.js';
import { nameSentence, parseJson, problemSentence, textNames } from './problems.js';

type Outcome =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; report: ChainReport; names: ReturnType<typeof textNames> }
  | { state: 'unreadable'; message: string };

export function SealPanel({ law }: { law: LawDetail }) {
  const intl = useIntl();
  const { formatMessage: t } = intl;
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const seal = law.seal;

  const check = async (read: () => Promise<{ ok: true; data: unknown } | { ok: false; message: string }>) => {
    setOutcome({ state: 'running' });
    const data = await read();
    if (!data.ok) {
      setOutcome({ state: 'unreadable', message: data.message });
      return;
    }
    try {
      setOutcome({ state: 'done', report: await verifyOpenData(data.data), names: textNames(data.data) });
    } catch {
      // The check reports what it finds as problems; a throw means data it could not read at all.
      setOutcome({ state: 'unreadable', message: t({ id: 'decisions.verify.cannotVerify' }) });
    }
  };

  const verifyServed = () =>
    void check(() =>
      historyApi.openData(law.id).then(
        (data) => ({ ok: true as const, data }),
        (error: unknown) => ({ ok: false as const, message: `${t({ id: 'decisions.verify.loadFailed' })} (${errorText(error)})` }),
      ),
    );

  const verifyFile = (file: File) =>
    void check(async () => {
      const parsed = parseJson(await file.text());
      return parsed.ok ? parsed : { ok: false as const, message: t({ id: 'decisions.verify.badJson' }, { file: file.name }) };
    });

  let result = null;
  if (outcome.state === 'running') result = <p>{t({ id: 'decisions.verify.verifying' })}</p>;
  else if (outcome.state === 'unreadable') result = <p className="notice notice--error">{outcome.message}</p>;
  else if (outcome.state === 'done') {
    const { report, names } = outcome;
    const textName = (textId: string) => {
      const sentence = nameSentence(textId, names);
      return t({ id: sentence.id }, sentence.values);
    };
    result = report.ok ? (
      <p className="notice notice--success" data-verify="ok">
        {t({ id: 'decisions.verify.verified' }, { texts: report.texts, versions: report.versions, seal: report.seal ?? '' })}
      </p>
    ) : (
      <div className="notice notice--error" data-verify="failed">
        <p className="notice__title">{t({ id: 'decisions.verify.failed' })}</p>
        <ul className="decisions-seal__problems">
          {report.problems.map((problem, index) => {
            const sentence = problemSentence(problem, textName);
            return <li key={index}>{t({ id: sentence.id }, sentence.values)}</li>;
          })}
        </ul>
      </div>
    );
  }

  return (
    <Section id="law-seal" title={t({ id: 'decisions.verify.title' })} className="decisions-section decisions-seal decisions-seal--secondary">
      {seal ? (
        <>
          <p className="decisions-seal__hash" data-seal={seal.hash}>
            <strong>{t({ id: 'decisions.verify.seal' })}</strong> <HashChip hash={seal.hash} of={t({ id: 'decisions.verify.sealName' })} full />
          </p>
          <p className="decisions-muted">{t({ id: 'decisions.verify.sealedOn' }, { date: formatDay(intl, seal.sealedAt, { dateStyle: 'long', timeStyle: 'short' }) })}</p>
        </>
      ) : (
        <p className="decisions-muted">{t({ id: 'decisions.verify.noSeal' })}</p>
      )}
      <p>{t({ id: 'decisions.verify.explain' })}</p>
      <div className="decisions-actions">
        <Button variant="secondary" onClick={verifyServed} busy={outcome.state === 'running'}>
          {t({ id: 'decisions.verify.verify' })}
        </Button>
      </div>
      <FilePicker label={t({ id: 'decisions.verify.file' })} hint={t({ id: 'decisions.verify.fileHint' })} accept="application/json,.json" onFile={verifyFile} />
      <div role="status" aria-live="polite" data-verify-result>
        {result}
      </div>
    </Section>
  );
}
