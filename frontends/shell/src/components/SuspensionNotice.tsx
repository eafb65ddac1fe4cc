import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAuth } from '../auth/AuthProvider.js';
import { formatMoment } from '../i18n/dates.js';
import { activeSuspension } from '../users/suspension.js';

/** How often a shown suspension checks whether it is over, so that it leaves without a reload. */
const checkMs = 15_000;

/** The end of the logged-in member's running suspension, or null; turns null by itself once it ends. */
export function useOwnSuspension(): Date | null {
  const { user } = useAuth();
  const [now, setNow] = useState(() => Date.now());
  const suspendedUntil = user?.suspendedUntil ?? null;
  useEffect(() => {
    if (!suspendedUntil) return;
    const timer = setInterval(() => setNow(Date.now()), checkMs);
    return () => clearInterval(timer);
  }, [suspendedUntil]);
  return activeSuspension(suspendedUntil, now);
}

function useUntilText(until: Date): string {
  const intl = useIntl();
  return formatMoment(intl, until);
}

/** The full notice on the member's own pages: until when, and what a suspension prevents. */
export function OwnSuspensionNotice() {
  const until = useOwnSuspension();
  return until ? <SuspensionNotice until={until} /> : null;
}

function SuspensionNotice({ until }: { until: Date }) {
  const { formatMessage: t } = useIntl();
  const date = useUntilText(until);
  return (
    <div className="notice notice--warning" role="status" data-suspended-until={until.toISOString()}>
      <p className="notice__title">{t({ id: 'suspension.title' })}</p>
      <p>
        {t({ id: 'suspension.text' }, {
          until: <time dateTime={until.toISOString()}>{date}</time>,
        })}
      </p>
    </div>
  );
}

/** The header's short line for a suspended member, on every page. */
export function HeaderSuspension() {
  const { formatMessage: t } = useIntl();
  const until = useOwnSuspension();
  const date = useUntilText(until ?? new Date(0));
  if (!until) return null;
  return (
    <p className="header-suspension" role="status" data-suspended-until={until.toISOString()}>
      {t({ id: 'suspension.short' }, { until: <time dateTime={until.toISOString()}>{date}</time> })}
    </p>
  );
}
