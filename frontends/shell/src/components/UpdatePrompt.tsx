import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { buildManifestUrl, isNewBuild, parseBuildManifest, scriptPath, updateCheckIntervalMs } from '../app/build-manifest.js';

/** The entry scripts this page runs, as paths. */
function pageScripts(): string[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => scriptPath(script.src, window.location.href));
}

/**
 * Checks /build-manifest.json every five minutes and when the tab comes back into view; once another
 * build is deployed, offers to reload the page. The only timer of the page that asks the server
 * (docs/live.md#elections-topics-and-the-shell): kept because it is rare and reads a small static file
 * that the gateway or a CDN serves without touching a service, and a tab that stays in front would
 * otherwise never learn of a new build.
 */
export function UpdatePrompt() {
  const { formatMessage: t } = useIntl();
  const [available, setAvailable] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  const check = useCallback(async () => {
    try {
      const response = await fetch(buildManifestUrl, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (!response.ok) return;
      if (isNewBuild(parseBuildManifest(await response.json()), pageScripts())) setAvailable(true);
    } catch {
      // Offline or the server is restarting: the next check tries again.
    }
  }, []);

  useEffect(() => {
    const timer = setInterval(() => void check(), updateCheckIntervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [check]);

  if (!available || dismissed) return null;
  return (
    <div className="update-prompt" role="region" aria-label={t({ id: 'update.label' })} data-update-prompt="">
      <p role="status">{t({ id: 'update.text' })}</p>
      <div className="update-prompt__actions">
        <button type="button" onClick={() => window.location.reload()}>
          {t({ id: 'update.reload' })}
        </button>
        <button type="button" className="button--secondary" onClick={() => setDismissed(true)}>
          {t({ id: 'update.later' })}
        </button>
      </div>
    </div>
  );
}
