import { useId, useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { buttonClass } from '@civic/frontend-kit/design';
import './archive.css';

/**
 * A file field that looks like the rest of the page: the native input stays in the tab order and
 * keeps the field's name (visually hidden, not removed), a label styled as a button opens it, and the
 * chosen file's name is shown beside it. Its focus ring shows on the button.
 */
export function FilePicker({ label, hint, accept, onFile }: { label: string; hint: string; accept: string; onFile: (file: File) => void }) {
  const { formatMessage: t } = useIntl();
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setName(file.name);
    onFile(file);
    // The same file chosen again (after fixing it) is checked again.
    event.target.value = '';
  };
  return (
    <div className="field decisions-file" data-file-picker>
      <p id={`${id}-label`} className="decisions-file__label">
        {label}
      </p>
      <div className="decisions-file__row">
        <input id={id} className="decisions-file__input" type="file" accept={accept} onChange={change} aria-labelledby={`${id}-label`} aria-describedby={`${id}-name ${id}-hint`} />
        <label htmlFor={id} className={buttonClass('secondary', 'md', 'decisions-file__button')} aria-hidden="true">
          {t({ id: 'decisions.verify.choose' })}
        </label>
        <span id={`${id}-name`} className="decisions-file__name" data-file-name>
          {name ?? t({ id: 'decisions.verify.noFile' })}
        </span>
      </div>
      <p id={`${id}-hint`} className="field__hint decisions-muted">
        {hint}
      </p>
    </div>
  );
}
