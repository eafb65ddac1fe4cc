import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useFormatDate } from './ShellServices.js';

export function Footer() {
  const intl = useIntl();
  const formatDate = useFormatDate();
  const [now] = useState(() => Date.now());
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>{intl.formatMessage({ id: 'app.tagline' })}</p>
        <nav aria-label={intl.formatMessage({ id: 'footer.label' })}>
          <ul>
            <li>
              <Link to="/legal">{intl.formatMessage({ id: 'footer.legal' })}</Link>
            </li>
            <li>
              <Link to="/help">{intl.formatMessage({ id: 'footer.help' })}</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">{intl.formatMessage({ id: 'footer.copyright' }, { year: formatDate(now, 'currentYear') })}</p>
      </div>
    </footer>
  );
}
