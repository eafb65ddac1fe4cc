import { ButtonLink } from '@civic/frontend-kit/design';

/** The links between the elections screens, in one row of secondary buttons (44 px targets). */
export function ElectionsNav({ links }: { links: readonly { to: string; text: string }[] }) {
  return (
    <ul className="elections-nav">
      {links.map((link) => (
        <li key={link.to}>
          <ButtonLink to={link.to} variant="secondary">
            {link.text}
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}
