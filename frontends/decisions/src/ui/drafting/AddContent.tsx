/**
 * How creators add to the text: one button for an article and one for a group, each opening a
 * clearly titled form (one at a time), which closes once sent and gives the focus back.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LawDetail } from '@civic/contracts';
import { buttonClass, Card } from '@civic/frontend-kit/design';
import { lawsApi } from '../../api/laws.js';
import type { Reload } from '../act.js';
import { useFeedback } from '../feedback.js';
import { TextForm } from '../TextForm.js';
import { common } from '../../messages.js';
import { drafting } from './messages.js';

type Open = 'article' | 'group' | null;

export function AddContent({ law, reload }: { law: LawDetail; reload: Reload }) {
  const { formatMessage: t } = useIntl();
  const { toast } = useFeedback();
  const groupSelectId = useId();
  const [open, setOpen] = useState<Open>(null);
  // The creator's own choice of group ('' for none); until they choose, the next article goes into
  // the last group, where a group just added lands. Derived, so it survives a remount on reload.
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const groupForArticle = chosenGroup !== null && (chosenGroup === '' || law.groups.some((group) => group.id === chosenGroup)) ? chosenGroup : (law.groups.at(-1)?.id ?? '');
  const articleButton = useRef<HTMLButtonElement>(null);
  const groupButton = useRef<HTMLButtonElement>(null);
  const closed = useRef<Open>(null);
  // A form that closes gives the focus back to the button that opened it.
  useEffect(() => {
    if (open !== null || !closed.current) return;
    (closed.current === 'article' ? articleButton : groupButton).current?.focus();
    closed.current = null;
  }, [open]);
  // Closes `which` only if it is still the open form: a form sent just before the creator opened the
  // other one must not close that one when its answer comes.
  const close = (which: Exclude<Open, null>) => {
    setOpen((current) => {
      if (current !== which) return current;
      closed.current = which;
      return null;
    });
  };
  const toggle = (which: Exclude<Open, null>) => {
    closed.current = null;
    setOpen(open === which ? null : which);
  };

  return (
    <section className="drafting-add" aria-labelledby={`${groupSelectId}-tools`}>
      <h3 id={`${groupSelectId}-tools`} className="ui-visually-hidden">
        {t(drafting.addTools)}
      </h3>
      <div className="drafting-bar">
        <button ref={articleButton} type="button" className={buttonClass('primary')} aria-expanded={open === 'article'} onClick={() => toggle('article')}>
          {t(drafting.addArticleOpen)}
        </button>
        <button ref={groupButton} type="button" className={buttonClass('secondary')} aria-expanded={open === 'group'} onClick={() => toggle('group')}>
          {t(drafting.addGroupOpen)}
        </button>
      </div>
      {open === 'article' ? (
        <Card title={t(drafting.addArticleTitle)} titleLevel={4} className="drafting-add__card">
          <p className="drafting-add__hint">{t(drafting.addArticleHint)}</p>
          <TextForm
            label={t(common.articleText)}
            multiline
            max={5000}
            submitLabel={t({ id: 'decisions.article.add' })}
            onCancel={() => close('article')}
            extra={
              <div className="field">
                <label htmlFor={groupSelectId}>{t({ id: 'decisions.article.group' })}</label>
                <select id={groupSelectId} value={groupForArticle} onChange={(event) => setChosenGroup(event.target.value)}>
                  <option value="">{t({ id: 'decisions.article.noGroup' })}</option>
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
              close('article');
              toast(t(common.created), 'success');
              reload();
            }}
          />
        </Card>
      ) : null}
      {open === 'group' ? (
        <Card title={t(drafting.addGroupTitle)} titleLevel={4} className="drafting-add__card">
          <p className="drafting-add__hint">{t(drafting.addGroupHint)}</p>
          <TextForm
            label={t({ id: 'decisions.group.name' })}
            max={120}
            submitLabel={t({ id: 'decisions.group.add' })}
            onCancel={() => close('group')}
            onSubmit={async (name) => {
              await lawsApi.addGroup(law.id, name);
              // The next article goes into the new group unless the creator chooses otherwise.
              setChosenGroup(null);
              close('group');
              toast(t(common.saved), 'success');
              reload();
            }}
          />
        </Card>
      ) : null}
    </section>
  );
}
