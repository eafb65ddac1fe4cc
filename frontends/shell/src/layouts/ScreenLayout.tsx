import type { ReactNode } from 'react';
import type { ScreenLayoutProps } from '@civic/frontend-kit/shell-contract';
import { ScreenHeading } from './ScreenHeading.js';

interface ScreenLayoutFrameProps extends ScreenLayoutProps {
  /** Names the `layout--<variant>` class that sets the width and spacing. */
  variant: 'cards-list' | 'default' | 'list' | 'profile' | 'single-column';
  /** Between the heading and the body: the cards, the profile tabs, the list's toolbar. */
  above?: ReactNode;
  /** The body's class: `layout__list` for the list layout. */
  bodyClassName?: string;
}

/** What every layout is made of: the screen's heading, what the layout adds under it, then the body. */
export function ScreenLayout({ variant, title, intro, above, bodyClassName = 'layout__body', children }: ScreenLayoutFrameProps) {
  return (
    <div className={`layout layout--${variant}`}>
      <ScreenHeading title={title} intro={intro} />
      {above}
      {children ? <div className={bodyClassName}>{children}</div> : null}
    </div>
  );
}

/** A full-width content screen: about, help, legal, a single decision or election. */
export function DefaultLayout(props: ScreenLayoutProps) {
  return <ScreenLayout variant="default" {...props} />;
}

/** A narrow centred column for forms and short messages: login, register, errors. */
export function SingleColumnLayout(props: ScreenLayoutProps) {
  return <ScreenLayout variant="single-column" {...props} />;
}
