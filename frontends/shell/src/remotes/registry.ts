/**
 * Where the remotes live is decided at run time: /remotes.json (emitted next to index.html, replaced
 * by deployments) maps each remote name to its mf-manifest.json URL. The shell registers those URLs
 * with the module-federation runtime, so a remote is redeployed without rebuilding the shell.
 *
 * That manifest URL is stable and answers the active version's manifest, whose publicPath names a
 * version folder (/remotes/<name>/<version>/) that never changes. The runtime reads the manifest once
 * per page and keeps it: a page goes on loading the chunks of the version it started with while
 * another version becomes active, and a full load (or a retry after a failed load) reads the manifest
 * again and gets the new one. Only the manifest must never come from a cache unchecked.
 */
import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRoutesProps } from '@civic/frontend-kit/shell-contract';
import { manifestUrl, parseRemoteConfig, remoteModules, remotesConfigUrl, takeEarlyAnswer, type RemoteConfig, type RemoteName } from './config.js';

let config: Promise<Partial<RemoteConfig>> | undefined;

function loadConfig(refresh: boolean): Promise<Partial<RemoteConfig>> {
  if (!config || refresh) {
    const early = refresh ? undefined : takeEarlyAnswer(new URL(remotesConfigUrl, window.location.href).href);
    config = (early ?? fetch(remotesConfigUrl, { cache: 'no-cache', headers: { accept: 'application/json' } }))
      .then(async (response) => {
        if (!response.ok) throw new Error(`${remotesConfigUrl} answered ${response.status}`);
        return parseRemoteConfig(await response.json());
      })
      .catch((error: unknown) => {
        config = undefined; // the next attempt fetches again
        throw error;
      });
  }
  return config;
}

const registered = new Map<RemoteName, string>();
let manifestsRevalidated = false;

/**
 * The runtime fetches only manifests in the browser (entries and chunks are script tags): each fetch
 * asks the server whether the manifest changed, whatever caching headers a server or CDN in front of
 * it sends, so a new page load always gets the active version. The first page's manifest, fetched
 * the same way by index.ts before React started, is taken from there.
 */
function revalidateManifests(): void {
  if (manifestsRevalidated) return;
  manifestsRevalidated = true;
  registerPlugins([{ name: 'civic-revalidate-manifests', fetch: (url, init) => takeEarlyAnswer(new URL(url, window.location.href).href) ?? fetch(url, { ...init, cache: 'no-cache' }) }]);
}

/** Loads on their way, so that the early start (startRemoteOf) and the route's mount share one. */
const inflight = new Map<RemoteName, Promise<ComponentType<RemoteRoutesProps>>>();

/**
 * Loads the route component a remote exposes. `retry` re-reads /remotes.json and re-registers the
 * remote with `force`, which drops the runtime's cached manifest and entry after a failure. A load
 * already on its way (or done) is shared; a failed one is forgotten, so the next call tries again.
 */
export function loadRemoteRoutes(name: RemoteName, retry: boolean): Promise<ComponentType<RemoteRoutesProps>> {
  const current = inflight.get(name);
  if (current && !retry) return current;
  const load = loadRemoteRoutesOnce(name, retry);
  inflight.set(name, load);
  load.catch(() => {
    if (inflight.get(name) === load) inflight.delete(name);
  });
  return load;
}

/**
 * Starts loading the remote of the page's first path before React renders: the remote's chain
 * (/remotes.json, its manifest, its entry, its route chunk) runs while the shell's own code starts,
 * instead of after it. A failure here is silent: the route's mount tries again and shows it.
 */
export function startRemoteOf(name: RemoteName | null): void {
  if (name) loadRemoteRoutes(name, false).catch(() => undefined);
}

async function loadRemoteRoutesOnce(name: RemoteName, retry: boolean): Promise<ComponentType<RemoteRoutesProps>> {
  const manifest = (await loadConfig(retry))[name];
  if (manifest === undefined) throw new Error(`${remotesConfigUrl} has no manifest URL for "${name}"`);
  const entry = manifestUrl(manifest, window.location.href);
  revalidateManifests();
  const previous = registered.get(name);
  if (previous === undefined || retry || previous !== entry) {
    registerRemotes([{ name, entry }], { force: previous !== undefined });
    registered.set(name, entry);
  }
  const exposed = remoteModules[name].slice(2);
  const module = await loadRemote<{ default?: unknown }>(`${name}/${exposed}`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`Remote "${name}" did not expose a component as ${remoteModules[name]}`);
  }
  return module.default as ComponentType<RemoteRoutesProps>;
}
