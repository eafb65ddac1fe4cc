// The first page's files start downloading now, beside the shell's own chunks (which index.html
// preloads): the visit's catalogue, the opened page's lazy screen, and the page's remote (its
// manifest, then its entry, its route module and that module's styles as preloads, which the
// federation runtime's own loads then find ready). Nothing here runs React or the remote's code.
import { initialLocale } from './i18n/locale.js';
import { loadCatalog } from './i18n/messages.js';
import { fetchEarly, manifestUrl, matchesRoute, parseRemoteConfig, remoteModules, remoteOfPath, remotesConfigUrl, type RemoteName } from './remotes/config.js';

/**
 * Each remote's first path segments. The same as AppRoutes' remotePaths, which cannot be imported
 * here: it would pull React ahead of the shared-module boundary below (test/document-meta.test.ts compares them).
 */
const earlyRemotePaths: Readonly<Record<RemoteName, readonly string[]>> = {
  decisions: ['/decisions/*', '/kanban/*', '/archive/*'],
  elections: ['/elections/*'],
};

interface Manifest {
  /** `firstLoad`: per route, most specific first, the files of its screen (the remote's build writes it). */
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string }; firstLoad?: { path: string; files: string[] }[] };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

function preload(href: string, as: 'script' | 'style'): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.append(link);
}

async function preloadRemote(name: RemoteName): Promise<void> {
  const config = parseRemoteConfig(await (await fetchEarly(new URL(remotesConfigUrl, window.location.href).href)).json());
  const manifestHref = config[name];
  if (manifestHref === undefined) return;
  const response = await fetchEarly(manifestUrl(manifestHref, window.location.href));
  if (!response.ok) return;
  const manifest = (await response.json()) as Manifest;
  const base = new URL(manifest.metaData?.publicPath ?? '', manifestUrl(manifestHref, window.location.href));
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) preload(new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, base).href, 'script');
  const exposed = manifest.exposes?.find((expose) => expose.path === remoteModules[name]);
  for (const file of exposed?.assets?.js?.sync ?? []) preload(new URL(file, base).href, 'script');
  for (const file of exposed?.assets?.css?.sync ?? []) preload(new URL(file, base).href, 'style');
  // The page's screen too, which the routes module would only ask for once it has run.
  const screen = manifest.metaData?.firstLoad?.find((route) => matchesRoute(route.path, window.location.pathname));
  for (const file of screen?.files ?? []) preload(new URL(file, base).href, file.endsWith('.css') ? 'style' : 'script');
}

/** The files of the opened page's lazy screen, as the build named them in index.html (build/first-load-preload.mjs). */
function preloadRouteChunks(): void {
  let routeChunks: Record<string, string[]> = {};
  try {
    routeChunks = JSON.parse(document.getElementById('first-load-chunks')?.textContent ?? '{}') as Record<string, string[]>;
  } catch {
    // No list, no head start: the screen's own import fetches its files.
  }
  for (const file of routeChunks[window.location.pathname] ?? []) preload(file, file.endsWith('.css') ? 'style' : 'script');
}

// The same promise serves bootstrap.tsx's first render; a failure is left to it to retry and report.
loadCatalog(initialLocale()).catch(() => undefined);
preloadRouteChunks();
const firstRemote = remoteOfPath(window.location.pathname, earlyRemotePaths);
// A failure here costs nothing: the route's own load fetches everything again and reports it.
if (firstRemote) preloadRemote(firstRemote).catch(() => undefined);

// Async boundary: the module-federation runtime resolves the shared singletons (react, react-dom,
// react-router-dom, react-intl) before any code that uses them runs.
import('./bootstrap.js').catch((error: unknown) => {
  console.error('The application failed to start', error);
});
