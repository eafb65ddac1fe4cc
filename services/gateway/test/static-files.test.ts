import { IMMUTABLE, NO_CACHE, cacheControlFor, servesSpaPage } from '../src/domain/static-files.js';

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
