/**
 * The build manifest (/build-manifest.json, written by every shell build): the build's version and
 * the entry scripts index.html loads. The running app polls it; when the deployed entry scripts are
 * not the ones this page runs, a new version is out and the user is offered a reload.
 */

export const buildManifestUrl = '/build-manifest.json';

/** Five minutes between checks; a check also runs when the tab comes back into view. */
export const updateCheckIntervalMs = 5 * 60 * 1000;

export interface BuildManifest {
  version: string;
  /** Absolute paths of the entry scripts of index.html (hashed names), e.g. "/main.3f2a9c1d0e.js". */
  entry: string[];
}

export function parseBuildManifest(json: unknown): BuildManifest | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const { version, entry } = json as Record<string, unknown>;
  if (typeof version !== 'string' || version === '') return null;
  if (!Array.isArray(entry) || entry.length === 0 || !entry.every((item) => typeof item === 'string' && item !== '')) return null;
  return { version, entry: entry as string[] };
}

/** The path of a script URL, as the manifest lists it ("/main.3f2a9c1d0e.js"). */
export function scriptPath(src: string, base: string): string {
  try {
    return new URL(src, base).pathname;
  } catch {
    return src;
  }
}

/**
 * True when `manifest` describes another build than the page runs: one of its entry scripts is not
 * among the scripts of the page. A manifest that cannot be read never counts as an update.
 */
export function isNewBuild(manifest: BuildManifest | null, pageScripts: readonly string[]): boolean {
  if (!manifest) return false;
  const loaded = new Set(pageScripts);
  return manifest.entry.some((path) => !loaded.has(path));
}
