// The first page's remote starts downloading now, beside the shell's own chunks: its manifest, then
// its entry, its route module and that module's styles as preloads, which the federation runtime's
// own loads then find ready (bootstrap.tsx). Nothing here runs the remote's code.
import { fetchEarly, manifestUrl, parseRemoteConfig, remoteModules, remoteOfPath, remotesConfigUrl, type RemoteName } from './remotes/config.js';

/**
 * Each remote's first path segments. The same as AppRoutes' remotePaths, which cannot be imported
 * here: it would pull React ahead of the shared-module boundary below (test/document-meta.test.ts compares them).
 */
const earlyRemotePaths: Readonly<Record<RemoteName, readonly string[]>> = {
  decisions: ['/decisions/*', '/kanban/*', '/archive/*'],
  elections: ['/elections/*'],
};

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
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
}

const firstRemote = remoteOfPath(window.location.pathname, earlyRemotePaths);
// A failure here costs nothing: the route's own load fetches everything again and reports it.
if (firstRemote) preloadRemote(firstRemote).catch(() => undefined);

// Async boundary: the module-federation runtime resolves the shared singletons (react, react-dom,
// react-router-dom, react-intl) before any code that uses them runs.
import('./bootstrap.js').catch((error: unknown) => {
  console.error('The application failed to start', error);
});
