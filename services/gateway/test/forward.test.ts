import type { FastifyRequest } from 'fastify';
import { climbsOut, upstreamHeaders } from '../src/forward.js';

describe('climbsOut', () => {
  test.each(['/api/users/1', '/api/laws/l1/articles?x=1', '/api/users/a.b', '/api/sources/report%20v2.pdf', '/api/users/..x', '/api/users/x..'])(
    '%s stays under its prefix',
    (path) => expect(climbsOut(path)).toBe(false),
  );
  test.each(['/api/users/../metrics', '/api/users/..%2F..%2Fmetrics', '/api/users/%2e%2e/%2e%2e/healthz', '/api/users/..\\..\\readyz', '/api/users/%E0%A4%A'])(
    '%s is refused',
    (path) => expect(climbsOut(path)).toBe(true),
  );
});

const request = (headers: Record<string, string | string[]>) =>
  ({ headers, id: 'req-0001', ip: '10.0.0.7', protocol: 'https', host: 'civic.example' }) as unknown as FastifyRequest;

const asObject = (flat: string[]) => {
  const pairs: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
  return pairs;
};

describe('upstreamHeaders', () => {
  test('the client headers go on, less the hop-by-hop ones, with the gateway’s own', () => {
    const headers = asObject(
      upstreamHeaders(
        request({
          host: 'civic.example',
          connection: 'keep-alive, x-private',
          'x-private': 'secret',
          'keep-alive': 'timeout=5',
          'transfer-encoding': 'chunked',
          expect: '100-continue',
          cookie: 'access=abc',
          accept: 'application/json',
          'x-request-id': 'forged-id-1234',
          'x-forwarded-for': '6.6.6.6',
          'content-length': '12',
        }),
        null,
      ),
    );
    expect(headers).toEqual([
      ['cookie', 'access=abc'],
      ['accept', 'application/json'],
      ['x-request-id', 'req-0001'],
      ['x-forwarded-for', '10.0.0.7'],
      ['x-forwarded-proto', 'https'],
      ['x-forwarded-host', 'civic.example'],
    ]);
  });

  test('a streamed body keeps its length; repeated headers stay repeated', () => {
    const headers = asObject(upstreamHeaders(request({ 'content-length': '70000', 'x-tag': ['a', 'b'] }), 70000));
    expect(headers.slice(0, 3)).toEqual([
      ['x-tag', 'a'],
      ['x-tag', 'b'],
      ['content-length', '70000'],
    ]);
  });
});
