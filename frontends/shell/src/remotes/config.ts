/** The run-time remote map, /remotes.json: which remotes exist and where their manifests are. */

export const remotesConfigUrl = '/remotes.json';

/** The remotes and the route-level module each exposes. */
export const remoteModules = {
  decisions: './DecisionsRoutes',
  elections: './ElectionsRoutes',
} as const;

export type RemoteName = keyof typeof remoteModules;
/** Remote name to the URL of its mf-manifest.json. */
export type RemoteConfig = Record<RemoteName, string>;

const remoteNames = Object.keys(remoteModules) as RemoteName[];

/**
 * Reads /remotes.json: the manifest URL of each remote it names with a non-empty string. A remote
 * missing from the file is unavailable on its own; the others still load.
 */
export function parseRemoteConfig(json: unknown): Partial<RemoteConfig> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error(`${remotesConfigUrl} is not a JSON object`);
  }
  const record = json as Record<string, unknown>;
  const config: Partial<RemoteConfig> = {};
  for (const name of remoteNames) {
    const url = record[name];
    if (typeof url === 'string' && url.trim() !== '') config[name] = url.trim();
  }
  return config;
}

/**
 * The absolute manifest URL of a /remotes.json value: relative values are relative to remotes.json
 * itself; other origins are allowed (a CDN), and then need the CSP to allow them.
 */
export function manifestUrl(value: string, pageUrl: string): string {
  return new URL(value, new URL(remotesConfigUrl, pageUrl)).href;
}

/**
 * The remote that serves `pathname`, given each remote's route patterns ('/archive/*' serves
 * /archive and everything under it), or null for the shell's own screens.
 */
export function remoteOfPath(pathname: string, paths: Readonly<Record<RemoteName, readonly string[]>>): RemoteName | null {
  for (const name of remoteNames) {
    for (const pattern of paths[name] ?? []) {
      const base = pattern.replace(/\/\*$/, '');
      if (pathname === base || pathname.startsWith(`${base}/`)) return name;
    }
  }
  return null;
}
