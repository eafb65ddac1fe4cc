/** A text's actions in the drafting workspace: its one main action, and the others in a menu. */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, Menu, type MenuItem } from '@civic/frontend-kit/design';
import { drafting } from './messages.js';

/**
 * The group of a text's actions, named by `label`, always in the same order so that the bars of the
 * articles and amendments line up: the text's history link (reading, offered to everyone), the main
 * action (if offered) as a button, the rest (if any) under "More actions".
 */
export function ActionBar({
  label,
  className = 'drafting-bar',
  history,
  main,
  more,
}: {
  label: string;
  className?: string;
  history?: ReactNode;
  main: { text: string; onClick: () => void } | null;
  more: MenuItem[];
}) {
  const { formatMessage: t } = useIntl();
  return (
    <div className={`${className} drafting-actions`} role="group" aria-label={label} data-action-bar>
      {history ? <span className="drafting-actions__history">{history}</span> : null}
      {main ? (
        <Button variant="secondary" onClick={main.onClick}>
          {main.text}
        </Button>
      ) : null}
      {more.length > 0 ? <Menu label={t(drafting.moreActions)} items={more} /> : null}
    </div>
  );
}
