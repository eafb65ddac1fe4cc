import type { ScreenLayoutProps } from '../remotes/contract.js';
import { ScreenHeading } from './ScreenHeading.js';

/** A full-width content screen: about, help, legal, a single decision or election. */
export function DefaultLayout({ title, intro, children }: ScreenLayoutProps) {
  return (
    <div className="layout layout--default">
      <ScreenHeading title={title} intro={intro} />
      {children ? <div className="layout__body">{children}</div> : null}
    </div>
  );
}
