import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

const messages = {
  navLabel: { id: 'footer.label' },
  legal: { id: 'footer.legal' },
  help: { id: 'footer.help' },
  tagline: { id: 'app.tagline' },
};

export function Footer() {
  const intl = useIntl();
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
      </div>
    </footer>
  );
}
