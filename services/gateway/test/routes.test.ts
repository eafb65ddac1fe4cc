import { ROUTES, routeFor, upstreamFor } from '../src/domain/routes.js';

describe('route map', () => {
  test.each([
    ['/api/users/notifications', 'notifications'],
    ['/api/users/notifications/unread/x', 'notifications'],
    ['/api/users/notifications/mark-all-as-read/u1', 'notifications'],
    ['/api/users/notifications?offset=0', 'notifications'],
    ['/api/users/x', 'identity'],
    ['/api/users', 'identity'],
    ['/api/users/notificationsx', 'identity'],
    ['/api/users/edit-profile/u1', 'identity'],
    ['/api/login', 'identity'],
    ['/api/login/auth-user', 'identity'],
    ['/api/auth/jwks', 'identity'],
    ['/api/candidates/votes', 'elections'],
    ['/api/elections', 'elections'],
    ['/api/decisions/current', 'decisions'],
    ['/api/proposals', 'decisions'],
    ['/api/laws/1', 'decisions'],
    ['/api/sources/2', 'decisions'],
    ['/api/kanban/proposals', 'decisions'],
    ['/api/chat/messages', 'chat'],
    ['/socket.io/', 'chat'],
    ['/socket.io/?EIO=4&transport=websocket', 'chat'],
  ])('%s -> %s', (path, upstream) => {
    expect(upstreamFor(path)).toBe(upstream);
  });

  test.each(['/api', '/api/nope', '/api/usersx', '/api/loginx', '/healthz', '/readyz', '/metrics', '/', '/socket.iox', '/apix/users'])(
    '%s has no upstream',
    (path) => {
      expect(upstreamFor(path)).toBeUndefined();
    },
  );

  test('only the socket.io path proxies websockets', () => {
    expect(ROUTES.filter((route) => route.websocket).map((route) => route.prefix)).toEqual(['/socket.io']);
    expect(routeFor('/socket.io/')?.websocket).toBe(true);
  });

  test('socket.io and the notifications event stream are long-lived; plain API calls are not', () => {
    expect(ROUTES.filter((route) => route.longLived).map((route) => route.prefix)).toEqual(['/api/users/notifications/stream', '/socket.io']);
    expect(routeFor('/api/users/notifications/stream/u1')).toMatchObject({ upstream: 'notifications', longLived: true, websocket: false });
    expect(routeFor('/api/users/notifications/unread/u1')).toMatchObject({ upstream: 'notifications', longLived: false });
  });

  test('the table lists the most specific prefix first and no prefix twice', () => {
    const prefixes = ROUTES.map((route) => route.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    ROUTES.forEach((earlier, index) => {
      // a more specific prefix (one under `earlier`) never comes after it
      for (const later of ROUTES.slice(index + 1)) expect(later.prefix.startsWith(`${earlier.prefix}/`)).toBe(false);
    });
  });

  test('no route reaches a service health or metrics endpoint', () => {
    for (const route of ROUTES) {
      expect(route.prefix.startsWith('/api/') || route.prefix === '/socket.io').toBe(true);
    }
  });
});
