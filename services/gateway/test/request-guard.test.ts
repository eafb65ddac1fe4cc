import { isJsonContentType, passesCsrfRule, refererOrigin, type CsrfFacts } from '../src/domain/request-guard.js';

const own = 'https://civic.example';
const facts = (overrides: Partial<CsrfFacts>): CsrfFacts => ({
  method: 'POST',
  url: '/api/proposals',
  origin: undefined,
  referer: undefined,
  xRequestedWith: undefined,
  contentType: undefined,
  allowedOrigins: new Set([own, 'http://localhost:3000']),
  ...overrides,
});

describe('CSRF rule', () => {
  test.each(['GET', 'HEAD', 'OPTIONS'])('%s always passes', (method) => {
    expect(passesCsrfRule(facts({ method, origin: 'https://evil.example' }))).toBe(true);
    expect(passesCsrfRule(facts({ method }))).toBe(true);
  });

  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s with an Origin passes only from our origin or a trusted one', (method) => {
    expect(passesCsrfRule(facts({ method, origin: own }))).toBe(true);
    expect(passesCsrfRule(facts({ method, origin: 'HTTPS://CIVIC.EXAMPLE' }))).toBe(true);
    expect(passesCsrfRule(facts({ method, origin: 'http://localhost:3000' }))).toBe(true);
    expect(passesCsrfRule(facts({ method, origin: 'https://evil.example', contentType: 'application/json' }))).toBe(false);
    expect(passesCsrfRule(facts({ method, origin: 'http://civic.example' }))).toBe(false);
    expect(passesCsrfRule(facts({ method, origin: 'null', xRequestedWith: 'XMLHttpRequest' }))).toBe(false);
  });

  test('without Origin a non-simple header is needed', () => {
    expect(passesCsrfRule(facts({}))).toBe(false);
    expect(passesCsrfRule(facts({ contentType: 'text/plain' }))).toBe(false);
    expect(passesCsrfRule(facts({ contentType: 'application/x-www-form-urlencoded' }))).toBe(false);
    expect(passesCsrfRule(facts({ contentType: 'multipart/form-data; boundary=x' }))).toBe(false);
    expect(passesCsrfRule(facts({ xRequestedWith: 'XMLHttpRequest' }))).toBe(true);
    expect(passesCsrfRule(facts({ contentType: 'application/json' }))).toBe(true);
    expect(passesCsrfRule(facts({ contentType: 'application/json; charset=utf-8' }))).toBe(true);
  });

  test('a Referer of another origin is refused when there is no Origin; one of ours passes with the usual header', () => {
    expect(passesCsrfRule(facts({ referer: 'https://evil.example/page', contentType: 'application/json' }))).toBe(false);
    expect(passesCsrfRule(facts({ referer: 'not a url', xRequestedWith: 'XMLHttpRequest' }))).toBe(false);
    expect(passesCsrfRule(facts({ referer: `${own}/decisions?x=1`, contentType: 'application/json' }))).toBe(true);
    expect(passesCsrfRule(facts({ referer: `${own}/decisions`, contentType: 'text/plain' }))).toBe(false);
    // Origin decides when both are sent.
    expect(passesCsrfRule(facts({ origin: own, referer: 'https://evil.example/', contentType: 'text/plain' }))).toBe(true);
  });

  test('the one-click unsubscribe passes as a cross-site form: it carries its own token and reads no cookie', () => {
    const oneClick = '/api/users/notifications/digest/one-click?token=abc';
    expect(passesCsrfRule(facts({ url: oneClick, contentType: 'application/x-www-form-urlencoded' }))).toBe(true);
    expect(passesCsrfRule(facts({ url: oneClick, origin: 'https://mail.example', contentType: 'multipart/form-data; boundary=x' }))).toBe(true);
    // Only that exact path: not its neighbours, not a path that merely starts like it.
    for (const url of ['/api/users/notifications/digest/unsubscribe', '/api/users/notifications/digest/one-click/x', '/api/users/notifications/digest/one-clickx?token=a']) {
      expect([url, passesCsrfRule(facts({ url, contentType: 'application/x-www-form-urlencoded' }))]).toEqual([url, false]);
    }
  });

  test('the origin of a Referer', () => {
    expect(refererOrigin('https://Civic.Example:8443/path?q#f')).toBe('https://civic.example:8443');
    expect(refererOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(refererOrigin('/relative')).toBeNull();
    expect(refererOrigin('')).toBeNull();
  });

  test('application/json is recognised exactly', () => {
    expect(isJsonContentType('Application/JSON')).toBe(true);
    expect(isJsonContentType('application/jsonx')).toBe(false);
    expect(isJsonContentType('application/json-seq')).toBe(false);
    expect(isJsonContentType('text/plain; application/json')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});
