import { isJsonContentType, passesCsrfRule, type CsrfFacts } from '../src/domain/request-guard.js';

const own = 'https://civic.example';
const facts = (overrides: Partial<CsrfFacts>): CsrfFacts => ({
  method: 'POST',
  origin: undefined,
  xRequestedWith: undefined,
  contentType: undefined,
  ownOrigin: () => own,
  trustedOrigins: new Set(['http://localhost:3000']),
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

  test('the own origin is worked out only when an Origin is compared', () => {
    const ownOrigin = jestFn();
    passesCsrfRule(facts({ method: 'GET', origin: own, ownOrigin }));
    passesCsrfRule(facts({ contentType: 'application/json', ownOrigin }));
    expect(ownOrigin.calls).toBe(0);
    passesCsrfRule(facts({ origin: own, ownOrigin }));
    expect(ownOrigin.calls).toBe(1);
  });

  test('application/json is recognised exactly', () => {
    expect(isJsonContentType('Application/JSON')).toBe(true);
    expect(isJsonContentType('application/jsonx')).toBe(false);
    expect(isJsonContentType('application/json-seq')).toBe(false);
    expect(isJsonContentType('text/plain; application/json')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});

function jestFn(): (() => string) & { calls: number } {
  const fn = Object.assign(() => {
    fn.calls += 1;
    return own;
  }, { calls: 0 });
  return fn;
}
