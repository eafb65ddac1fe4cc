import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { installChunkErrorReload, registerServiceWorker } from './app/runtime.js';
import { applyDocumentLocale, initialLocale } from './i18n/locale.js';
import { loadCatalog } from './i18n/messages.js';
import { remoteOfPath } from './remotes/config.js';
import { startRemoteOf } from './remotes/registry.js';
import { remotePaths } from './AppRoutes.js';
import '@civic/frontend-kit/design.css';
import './styles.css';

installChunkErrorReload();
registerServiceWorker();
// The page's language is set on <html> first: the remote reads it there to start the page's first
// reads in that language (docs/architecture.md#front-ends).
const locale = initialLocale();
applyDocumentLocale(locale);
startRemoteOf(remoteOfPath(window.location.pathname, remotePaths));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
// Only the visit's language is fetched, beside the remote of the page.
// The first render is a transition: React renders the page in slices of a few milliseconds instead
// of long tasks, so a phone's main thread stays free for input (docs/benchmarks.md, "Rendering in slices").
void loadCatalog(locale).then((messages) =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App initial={{ locale, messages }} />
      </StrictMode>,
    ),
  ),
);
