import Type from 'typebox';
import { ErrorMessages } from '@civic/contracts';
import { createServiceApp, installStrictBodyValidation, JSON_MAX_DEPTH, JSON_MAX_KEYS, JsonShapeGauge, jsonShapeProblem, type ServiceApp } from '@civic/service-kit';

const nested = (depth: number, inner = '0') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
const withKeys = (count: number) => `{${Array.from({ length: count }, (_, i) => `"k${i}":${i}`).join(',')}}`;

describe('the JSON shape gauge', () => {
  test.each([
    ['a flat object', '{"title":"A law","tags":["a","b"]}', null],
    [`${JSON_MAX_DEPTH} arrays deep`, nested(JSON_MAX_DEPTH), null],
    [`${JSON_MAX_DEPTH + 1} arrays deep`, nested(JSON_MAX_DEPTH + 1), 'bodyTooDeep'],
    [`${JSON_MAX_DEPTH + 1} objects deep`, nestedObjects(JSON_MAX_DEPTH + 1), 'bodyTooDeep'],
    ['100,000 arrays deep', nested(100_000), 'bodyTooDeep'],
    [`${JSON_MAX_KEYS} keys`, withKeys(JSON_MAX_KEYS), null],
    [`${JSON_MAX_KEYS + 1} keys`, withKeys(JSON_MAX_KEYS + 1), 'bodyTooWide'],
    ['keys spread over nested objects', `[${Array.from({ length: JSON_MAX_KEYS + 1 }, (_, i) => `{"k":${i}}`).join(',')}]`, 'bodyTooWide'],
    ['brackets, colons and escaped quotes inside strings', JSON.stringify({ text: `${'[{:'.repeat(5000)}\\"[[[` }), null],
    ['an escaped backslash ending a string', `{"a":"\\\\",${'"b":['.repeat(1)}1]}`, null],
    ['closing brackets past the opening ones (not JSON: the parser refuses it)', ']]]]' + nested(JSON_MAX_DEPTH), null],
  ])('%s', (_label, text, expected) => {
    expect(jsonShapeProblem(text)).toBe(expected);
    // Bytes read the same as text.
    expect(jsonShapeProblem(Buffer.from(text))).toBe(expected);
  });

  test('reads a body chunk by chunk, a string cut anywhere', () => {
    const text = JSON.stringify({ a: 'x[y{z', b: [[[1]]], c: 'q\\"[' }) + nested(JSON_MAX_DEPTH);
    for (let cut = 1; cut < text.length; cut++) {
      const gauge = new JsonShapeGauge(JSON_MAX_DEPTH + 1);
      expect([cut, gauge.read(Buffer.from(text.slice(0, cut))), gauge.read(Buffer.from(text.slice(cut)))]).toEqual([cut, null, null]);
    }
    const gauge = new JsonShapeGauge();
    const deep = nested(JSON_MAX_DEPTH + 1);
    expect(gauge.read(deep.slice(0, JSON_MAX_DEPTH))).toBeNull();
    expect(gauge.read(deep.slice(JSON_MAX_DEPTH))).toBe('bodyTooDeep');
    // Once past a limit, it stays past.
    expect(gauge.read('0')).toBe('bodyTooDeep');
  });
});

describe('JSON bodies of every service', () => {
  const tooDeep = { statusCode: 400, statusMessage: ErrorMessages.bodyTooDeep, data: { limit: JSON_MAX_DEPTH } };
  const tooWide = { statusCode: 400, statusMessage: ErrorMessages.bodyTooWide, data: { limit: JSON_MAX_KEYS } };
  let plain: ServiceApp;
  let strict: ServiceApp;

  const withRoutes = async (app: ServiceApp) => {
    app.post('/login', { schema: { body: Type.Object({ email: Type.String(), password: Type.String() }) } }, async (request) => ({ email: request.body.email }));
    app.post('/anything', async (request) => ({ received: request.body !== undefined }));
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    plain = await withRoutes(await createServiceApp({ name: 'kit-test', logger: false }));
    const app = await createServiceApp({ name: 'kit-test', logger: false });
    installStrictBodyValidation(app);
    strict = await withRoutes(app);
  });
  afterAll(async () => {
    await plain.close();
    await strict.close();
  });

  const post = (app: ServiceApp, url: string, payload: string) => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  test.each([
    ['deeply nested arrays', nested(50_000), tooDeep],
    ['deeply nested objects', nestedObjects(20_000), tooDeep],
    ['one level too deep', nested(JSON_MAX_DEPTH + 1), tooDeep],
    ['deep inside a login body', `{"email":"a@b.example","password":"x","extra":${nested(50_000)}}`, tooDeep],
    ['too many keys', withKeys(JSON_MAX_KEYS + 1), tooWide],
    ['fifty thousand keys', withKeys(50_000), tooWide],
  ])('%s: 400 in the catalogue shape, on a route with a schema and one without, before or after strict validation', async (_label, payload, expected) => {
    for (const app of [plain, strict]) {
      for (const url of ['/login', '/anything']) {
        const answer = await post(app, url, payload);
        expect([url, answer.statusCode, answer.json()]).toEqual([url, 400, expected]);
      }
    }
  });

  test('a body within the limits is parsed and checked as before', async () => {
    for (const app of [plain, strict]) {
      expect((await post(app, '/anything', nested(JSON_MAX_DEPTH))).json()).toEqual({ received: true });
      expect((await post(app, '/anything', withKeys(JSON_MAX_KEYS))).json()).toEqual({ received: true });
      // The text rules still walk every level of what passed.
      const hidden = JSON.stringify(JSON.parse(nested(JSON_MAX_DEPTH - 1, '"bad\\u0000"')));
      expect((await post(app, '/anything', hidden)).json()).toEqual({
        statusCode: 400,
        statusMessage: ErrorMessages.forbiddenCharacters,
        data: { in: 'body', path: `${'/0'.repeat(JSON_MAX_DEPTH - 1)}` },
      });
    }
    // Prototype poisoning is still Fastify's parser's to refuse.
    expect((await post(plain, '/anything', '{"__proto__":{"admin":true}}')).statusCode).toBe(400);
  });

  test('the text rules find the first problem in document order, keys before their values', async () => {
    const body = '{"a":{"b":["fine","x\\u0007"]},"c\\u0000":"y","d":"\\u0000"}';
    expect((await post(plain, '/anything', body)).json()).toMatchObject({ data: { in: 'body', path: '/a/b/1' } });
    const keyFirst = '{"a":"fine","k\\u0000":"\\u0007","z":"\\u0007"}';
    expect((await post(plain, '/anything', keyFirst)).json()).toMatchObject({ data: { in: 'body', path: '/k\u0000' } });
  });
});
