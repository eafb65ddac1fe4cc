/**
 * Where the remotes live is decided at run time: /remotes.json (emitted next to index.html, replaced
 * by deployments) maps each remote name to its mf-manifest.json URL. The shell registers those URLs
 * with the module-federation runtime, so a remote is redeployed without rebuilding the shell.
 */
import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { manifestUrl, parseRemoteConfig, remoteModules, remotesConfigUrl, type RemoteConfig, type RemoteName } from './config.js';
import type { RemoteRoutesProps } from './contract.js';

let config: Promise<Partial<RemoteConfig>> | undefined;

function loadConfig(refresh: boolean): Promise<Partial<RemoteConfig>> {
  if (!config || refresh) {
    config = fetch(remotesConfigUrl, { cache: 'no-cache', headers: { accept: 'application/json' } })
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

/**
 * Loads the route component a remote exposes. `retry` re-reads /remotes.json and re-registers the
 * remote with `force`, which drops the runtime's cached manifest and entry after a failure.
 */
export async function loadRemoteRoutes(
  name: RemoteName,
  retry: boolean,
): Promise<ComponentType<RemoteRoutesProps>> {
  const manifest = (await loadConfig(retry))[name];
  if (manifest === undefined) throw new Error(`${remotesConfigUrl} has no manifest URL for "${name}"`);
  const entry = manifestUrl(manifest, window.location.href);
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
