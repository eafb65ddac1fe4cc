/** The run-time remote map, /remotes.json: which remotes exist and where their manifests are. */

export const remotesConfigUrl = '/remotes.json';

/**
 * Answers index.ts fetched before React started (/remotes.json, the first page's remote manifest),
 * handed once to the registry's own load of the same URL: the early start saves the round trips
 * instead of making them twice. Both read with `cache: 'no-cache'`, so the answer is as fresh.
 */
const earlyAnswers = new Map<string, Promise<Response>>();

/** Fetches `url` now (no cache without a check) and keeps the answer for `takeEarlyAnswer`; answers a copy to read. */
export function fetchEarly(url: string): Promise<Response> {
  const answer = fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
  earlyAnswers.set(url, answer);
  // A failed early fetch is not handed on: the registry fetches again and reports its own failure.
  answer.catch(() => earlyAnswers.delete(url));
  return answer.then((response) => response.clone());
}

/** The early answer for `url`, once, when index.ts fetched it and it did not fail; else undefined. */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const answer = earlyAnswers.get(url);
  earlyAnswers.delete(url);
  return answer;
}

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

/** Whether `pathname` is the route `pattern`'s ('/archive/:id' matches /archive/3f2a, not /archive). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const expected = pattern.split('/');
  const actual = pathname.replace(/\/$/, '').split('/');
  return expected.length === actual.length && expected.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment === actual[index]));
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
