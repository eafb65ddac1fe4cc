import { Link } from 'react-router-dom';

/** The links between the elections screens, in one row. */
export function ElectionsNav({ links }: { links: readonly { to: string; text: string }[] }) {
  return (
    <ul className="elections-nav">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>{link.text}</Link>
        </li>
      ))}
    </ul>
  );
}
