import type { ListLayoutProps } from '@civic/frontend-kit/shell-contract';
import { ScreenLayout } from './ScreenLayout.js';

/** A screen made of one list (notifications, proposals, the archive), with optional controls above. */
export function ListLayout({ toolbar, ...props }: ListLayoutProps) {
  return <ScreenLayout variant="list" bodyClassName="layout__list" above={toolbar ? <div className="layout__toolbar">{toolbar}</div> : null} {...props} />;
}
