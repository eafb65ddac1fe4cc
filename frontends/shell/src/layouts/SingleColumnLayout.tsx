import type { ScreenLayoutProps } from '../remotes/contract.js';
import { ScreenHeading } from './ScreenHeading.js';

/** A narrow centred column for forms and short messages: login, register, errors. */
export function SingleColumnLayout({ title, intro, children }: ScreenLayoutProps) {
  return (
    <div className="layout layout--single-column">
      <ScreenHeading title={title} intro={intro} />
      {children ? <div className="layout__body">{children}</div> : null}
    </div>
  );
}
