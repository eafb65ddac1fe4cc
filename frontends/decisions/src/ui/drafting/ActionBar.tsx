/** A text's actions in the drafting workspace: its one main action, and the others in a menu. */
import { useIntl } from 'react-intl';
import { Button, Menu, type MenuItem } from '@civic/frontend-kit/design';
import { drafting } from './messages.js';

/** The group of a text's actions, named by `label`: the main one (if offered) as a button, the rest (if any) under "More actions". */
export function ActionBar({ label, className = 'drafting-bar', main, more }: { label: string; className?: string; main: { text: string; onClick: () => void } | null; more: MenuItem[] }) {
  const { formatMessage: t } = useIntl();
  return (
    <div className={className} role="group" aria-label={label}>
      {main ? (
        <Button variant="secondary" onClick={main.onClick}>
          {main.text}
        </Button>
      ) : null}
      {more.length > 0 ? <Menu label={t(drafting.moreActions)} items={more} /> : null}
    </div>
  );
}
