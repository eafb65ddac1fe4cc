import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { PageHeader } from '@civic/frontend-kit/design';

/** The screen's single h1 and intro sentence; also names the browser tab after the screen. */
export function ScreenHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  const intl = useIntl();
  const appName = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return <PageHeader title={title} lead={intro} />;
}
