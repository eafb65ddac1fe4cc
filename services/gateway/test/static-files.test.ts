import { IMMUTABLE, NO_CACHE, cacheControlFor, isRemoteVersion, parseCurrentVersion, servesSpaPage } from '../src/domain/static-files.js';

describe('cache-control of built files', () => {
  test.each([
    'main.3f2a9c1d.js',
    'assets/chunk-0a1b2c3d4e5f6a7b.css',
    '/srv/dist/static/js/712.9e8d7c6b5a4f3e2d.js',
    'x.3f2a9c1d4b.js.map',
  ])('hashed %s is immutable', (file) => {
    expect(cacheControlFor(file)).toBe(IMMUTABLE);
  });

  test.each([
    'index.html',
    '/srv/dist/index.html',
    'remotes.json',
    'mf-manifest.json',
    'remoteEntry.js',
    'sw.js',
    'favicon.ico',
    'locales/fr.json',
    '712.js',
    'vendors-node_modules_react-dom_19_2_0.js',
    'main.deadbeef.js',
    'build-20240101.js',
  ])('%s is revalidated', (file) => {
    expect(cacheControlFor(file)).toBe(NO_CACHE);
  });
});

describe('cache-control of remote versions', () => {
  test.each([
    '/remotes/decisions/486a8bb7fc78/remoteEntry.js',
    '/remotes/decisions/486a8bb7fc78/mf-manifest.json',
    '/remotes/elections/1.4.0-rc.1/__federation_expose_ElectionsRoutes.8c9d0121c4.js',
    '/remotes/elections/2024_11/static/js/712.js',
  ])('%s, a file of one version, is immutable', (path) => {
    expect(cacheControlFor(path)).toBe(IMMUTABLE);
  });

  test.each(['/remotes/decisions/mf-manifest.json', '/remotes/decisions/remoteEntry.js', '/remotes/decisions/current/remoteEntry.js', '/remotes/decisions/.building-v2-7/remoteEntry.js'])(
    '%s is revalidated',
    (path) => {
      expect(cacheControlFor(path)).toBe(NO_CACHE);
    },
  );
});

describe('remote versions', () => {
  test.each(['486a8bb7fc78', 'v1', '1.4.0-rc.1', '2024_11', 'a'.repeat(128)])('%s is a version', (version) => {
    expect(isRemoteVersion(version)).toBe(true);
  });

  test.each(['current', '', '.', '..', '.building-v1-7', '-v1', 'v1/x', 'v 1', 'a'.repeat(129), 'v1\n'])('%j is not', (version) => {
    expect(isRemoteVersion(version)).toBe(false);
  });

  test('dist/current names a version, with or without a final newline', () => {
    expect(parseCurrentVersion('486a8bb7fc78\n')).toBe('486a8bb7fc78');
    expect(parseCurrentVersion(' v2 ')).toBe('v2');
    expect(parseCurrentVersion('')).toBeUndefined();
    expect(parseCurrentVersion('../elsewhere\n')).toBeUndefined();
    expect(parseCurrentVersion('current')).toBeUndefined();
  });
});

describe('single-page-app fallback', () => {
  const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  test.each(['/', '/elections/elected', '/decisions/12/proposals', '/users/u1', '/kanban/laws'])('%s serves the shell page', (path) => {
    expect(servesSpaPage(path, html)).toBe(true);
  });

  test.each(['/api/users/1', '/remotes/decisions/missing', '/remotes/', '/socket.io/', '/main.js', '/remotes.json', '/archive/law.pdf'])(
    '%s never does',
    (path) => {
      expect(servesSpaPage(path, html)).toBe(false);
    },
  );

  test('only for clients that accept HTML', () => {
    expect(servesSpaPage('/elections/elected', 'application/json')).toBe(false);
    expect(servesSpaPage('/elections/elected', '*/*')).toBe(false);
    expect(servesSpaPage('/elections/elected', undefined)).toBe(false);
  });
});
