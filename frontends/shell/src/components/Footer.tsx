import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useFormatDate } from './ShellServices.js';

const messages = {
  navLabel: { id: 'footer.label' },
  legal: { id: 'footer.legal' },
  help: { id: 'footer.help' },
  tagline: { id: 'app.tagline' },
  copyright: { id: 'footer.copyright' },
};

export function Footer() {
  const intl = useIntl();
  const formatDate = useFormatDate();
  const [now] = useState(() => Date.now());
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>{intl.formatMessage(messages.tagline)}</p>
        <nav aria-label={intl.formatMessage(messages.navLabel)}>
          <ul>
            <li>
              <Link to="/legal">{intl.formatMessage(messages.legal)}</Link>
            </li>
            <li>
              <Link to="/help">{intl.formatMessage(messages.help)}</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">{intl.formatMessage(messages.copyright, { year: formatDate(now, 'currentYear') })}</p>
      </div>
    </footer>
  );
}
