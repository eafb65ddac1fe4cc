import { Link, type To } from 'react-router-dom';

export interface ActionLink {
  to: To;
  text: string;
  /** A text link rather than a button, after the buttons ("How it works"). */
  plain?: boolean;
  /** Data attributes the browser tests find the link by. */
  data?: { [name: `data-${string}`]: string };
}

/** Where to go next, as buttons: the first is the main action, the others secondary. */
export function ActionLinks({ links }: { links: readonly ActionLink[] }) {
  return (
    <ul className="link-list link-list--actions">
      {links.map((link, index) => (
        <li key={typeof link.to === 'string' ? link.to : index}>
          <Link className={link.plain ? 'ui-button ui-button--quiet' : index === 0 ? 'ui-button ui-button--primary' : 'ui-button ui-button--secondary'} to={link.to} {...link.data}>
            {link.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}
