import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { Locale } from '@civic/contracts';
import { useLocaleSwitch } from '../i18n/LocaleProvider.js';

const messages = {
  label: { id: 'locale.label' },
  en: { id: 'locale.en' },
  fr: { id: 'locale.fr' },
};

const options: readonly Locale[] = ['en', 'fr'];

/** EN/FR buttons; each language is named in itself ("English", "Français") and marked with its lang. */
export function LanguageSwitch() {
  const intl = useIntl();
  const { locale, setLocale } = useLocaleSwitch();
  const labelId = useId();
  return (
    <div className="lang-switch" role="group" aria-labelledby={labelId}>
      <span className="lang-switch__label" id={labelId}>
        {intl.formatMessage(messages.label)}
      </span>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === locale}
          onClick={() => setLocale(option)}
        >
          {intl.formatMessage(messages[option])}
        </button>
      ))}
    </div>
  );
}
