import type { ListLayoutProps } from '../remotes/contract.js';
import { ScreenHeading } from './ScreenHeading.js';

/** A screen made of one list (notifications, proposals, the archive), with optional controls above. */
export function ListLayout({ title, intro, toolbar, children }: ListLayoutProps) {
  return (
    <div className="layout layout--list">
      <ScreenHeading title={title} intro={intro} />
      {toolbar ? <div className="layout__toolbar">{toolbar}</div> : null}
      {children ? <div className="layout__list">{children}</div> : null}
    </div>
  );
}
