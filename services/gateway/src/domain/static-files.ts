/**
 * Caching and SPA-fallback rules of the built front ends served in single-machine mode. Pure.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Files whose name stays the same from build to build: the browser must revalidate them. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js', 'sw.js']);

/**
 * A content hash in the file name: a `.` or `-` separated run of 8+ hex digits with at least one
 * digit and one letter, followed by more name (`main.3f2a9c1d.js`, `chunk-0a1b2c3d4e5f.css`).
 */
const HASHED_NAME = /[.-](?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\./;

/**
 * A remote's version: a folder of its dist/ and a URL segment (`/remotes/<name>/<version>/`), in a
 * Docker tag's alphabet; `current` is the file naming the active version, never a version.
 */
export const REMOTE_VERSION_PATTERN = '^(?!current$)[A-Za-z0-9][A-Za-z0-9._-]{0,127}$';
const REMOTE_VERSION = new RegExp(REMOTE_VERSION_PATTERN);

export function isRemoteVersion(value: string): boolean {
  return REMOTE_VERSION.test(value);
}

/** The version named by a remote's dist/current file, or undefined when it names none. */
export function parseCurrentVersion(text: string): string | undefined {
  const version = text.trim();
  return isRemoteVersion(version) ? version : undefined;
}

/** `/remotes/<name>/<version>/<file>`: a file of one remote version, which never changes. */
const VERSIONED_REMOTE_FILE = /^\/remotes\/[^/]+\/([^/]+)\/./;

/**
 * `Cache-Control` for a served URL path (or file name): every file of a remote version and hashed
 * assets are immutable for a year; entry files (the shell page, /remotes.json, a remote's stable
 * `/remotes/<name>/mf-manifest.json`) and everything else unhashed (favicon, locale files) are
 * revalidated each time (ETag, 304).
 */
export function cacheControlFor(path: string): string {
  const version = VERSIONED_REMOTE_FILE.exec(path)?.[1];
  if (version !== undefined && isRemoteVersion(version)) return IMMUTABLE;
  const slash = path.lastIndexOf('/');
  const base = slash === -1 ? path : path.slice(slash + 1);
  if (ENTRY_FILES.has(base)) return NO_CACHE;
  return HASHED_NAME.test(base) ? IMMUTABLE : NO_CACHE;
}

/** Paths that are never the single-page app, even for a browser navigation. */
const NOT_SPA = ['/api/', '/remotes/', '/socket.io/'];

/**
 * A GET for `path` is answered with the shell's index.html (client-side routing) when the client
 * accepts HTML, the path is not under /api, /remotes/ or /socket.io, and its last segment has no
 * file extension. Missing files with an extension stay 404.
 */
export function servesSpaPage(path: string, accept: string | undefined): boolean {
  if (accept === undefined || !accept.includes('text/html')) return false;
  for (const prefix of NOT_SPA) {
    if (path.startsWith(prefix) || path === prefix.slice(0, -1)) return false;
  }
  const lastSlash = path.lastIndexOf('/');
  return path.indexOf('.', lastSlash + 1) === -1;
}
