import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Type from 'typebox';
import { ErrorMessages, textProblem } from '@civic/contracts';
import { BODY_LIMIT_BYTES, createServiceApp, installStrictBodyValidation, type ServiceApp } from '@civic/service-kit';

const forbidden = { statusCode: 400, statusMessage: ErrorMessages.forbiddenCharacters };
const invisible = { statusCode: 400, statusMessage: ErrorMessages.invisibleText };

describe('textProblem', () => {
  test.each([
    ['plain text', 'Une loi pour le vélo 🚲', {}, null],
    ['an empty string', '', {}, null],
    ['whitespace only (left to the field’s own rule)', '   ', {}, null],
    ['NUL', 'a\u0000b', {}, 'forbiddenCharacters'],
    ['BEL', 'name\u0007', {}, 'forbiddenCharacters'],
    ['ESC', '\u001b[31mred', {}, 'forbiddenCharacters'],
    ['DEL', 'a\u007f', {}, 'forbiddenCharacters'],
    ['a C1 control', 'a\u0085b', {}, 'forbiddenCharacters'],
    ['a newline in a single-line field', 'two\nlines', {}, 'forbiddenCharacters'],
    ['a tab in a single-line field', 'a\tb', {}, 'forbiddenCharacters'],
    ['a line separator in a single-line field', 'a\u2028b', {}, 'forbiddenCharacters'],
    ['newlines, CR and tabs in a multi-line field', 'one\r\ntwo\n\tthree', { multiline: true }, null],
    ['NUL in a multi-line field', 'one\n\u0000', { multiline: true }, 'forbiddenCharacters'],
    ['RIGHT-TO-LEFT OVERRIDE', 'txt.\u202eexe', {}, 'forbiddenCharacters'],
    ['LEFT-TO-RIGHT EMBEDDING', '\u202aabc', { multiline: true }, 'forbiddenCharacters'],
    ['FIRST STRONG ISOLATE', 'a\u2068b\u2069', {}, 'forbiddenCharacters'],
    ['a lone surrogate', 'a\ud800', {}, 'forbiddenCharacters'],
    ['a right-to-left mark among Arabic and Latin', 'مرحبا\u200f ok', {}, null],
    ['zero-width spaces only', '\u200b\u200b\u200b', {}, 'invisibleText'],
    ['invisible and blank characters only', ' \u200c\u2060\ufeff\u3164\u2800 ', {}, 'invisibleText'],
    ['a zero-width space on an empty line', '\n\u200b\n', { multiline: true }, 'invisibleText'],
    ['a zero-width joiner inside an emoji', '👩\u200d💻', {}, null],
    ['a password of any printable characters', ' \u200b\u202e', { password: true }, null],
    ['a password holding NUL', 'secret\u0000', { password: true }, 'forbiddenCharacters'],
    ['a password holding a tab', 'sec\tret', { password: true }, 'forbiddenCharacters'],
  ])('%s', (_label, value, rules, expected) => {
    expect(textProblem(value, rules)).toBe(expected);
  });
});

async function appWithRoutes(answerHeaders?: Parameters<typeof createServiceApp>[0]['answerHeaders']): Promise<ServiceApp> {
  const app = await createServiceApp({ name: 'kit-test', logger: false, ...(answerHeaders ? { answerHeaders } : {}) });
  installStrictBodyValidation(app);
  app.get('/laws', { schema: { querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 256 })) }) } }, async (request) => ({ q: request.query.q ?? null }));
  app.get('/laws/:id', { schema: { params: Type.Object({ id: Type.String() }) } }, async (request) => ({ id: request.params.id }));
  app.post(
    '/proposals',
    {
      config: { multilineFields: ['description'] },
      schema: {
        body: Type.Object(
          {
            title: Type.String({ minLength: 3, pattern: '\\S' }),
            description: Type.String({ minLength: 3 }),
            tags: Type.Optional(Type.Array(Type.String())),
            extra: Type.Optional(Type.Record(Type.String(), Type.String())),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => request.body,
  );
  app.post('/users', { schema: { body: Type.Object({ userName: Type.String(), password: Type.String() }) } }, async (request) => ({ userName: request.body.userName }));
  app.get('/public', async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send({ ok: true }));
  app.post('/session', async (_request, reply) => reply.setCookie('access_token', 'token', { httpOnly: true }).send({ ok: true }));
  await app.ready();
  return app;
}

const proposal = { title: 'A proposal', description: 'Its description.' };

// The app of every describe below but 'answers the framework gives', which adds answer headers.
let app: ServiceApp;
beforeAll(async () => {
  app = await appWithRoutes();
});
afterAll(() => app.close());

describe('the text rules of every route', () => {
  test('a NUL byte in a query string is refused with forbiddenCharacters, not a 500', async () => {
    const answer = await app.inject({ url: '/laws?q=%00' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ ...forbidden, data: { in: 'querystring', path: '/q' } });
  });

  test('control and direction-reversing characters in a path parameter are refused', async () => {
    for (const id of ['%00', '%07', 'abc%E2%80%AEgpj']) {
      expect([id, (await app.inject({ url: `/laws/${id}` })).json()]).toEqual([id, { ...forbidden, data: { in: 'params', path: '/id' } }]);
    }
    expect((await app.inject({ url: '/laws/%E2%80%8B' })).json()).toEqual({ ...invisible, data: { in: 'params', path: '/id' } });
  });

  test.each([
    ['NUL in a title', { ...proposal, title: 'A\u0000title' }, forbidden, '/title'],
    ['a newline in a title', { ...proposal, title: 'A\ntitle' }, forbidden, '/title'],
    ['U+202E in a title', { ...proposal, title: 'Vote \u202eon' }, forbidden, '/title'],
    ['NUL in a description', { ...proposal, description: 'Some\u0000text' }, forbidden, '/description'],
    ['a title of zero-width spaces', { ...proposal, title: '\u200b\u200b\u200b\u200b' }, invisible, '/title'],
    ['ESC in a list item', { ...proposal, tags: ['fine', 'bad\u001b'] }, forbidden, '/tags/1'],
    ['NUL in a property name', { ...proposal, extra: { 'a\u0000': 'x' } }, forbidden, '/extra/a\u0000'],
  ])('%s is refused before anything else', async (_label, payload, expected, path) => {
    const answer = await app.inject({ method: 'POST', url: '/proposals', payload });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ ...expected, data: { in: 'body', path } });
  });

  test('a multi-line field keeps its newlines and tabs; plain whitespace is left to the schema', async () => {
    const accepted = await app.inject({ method: 'POST', url: '/proposals', payload: { ...proposal, description: 'First line\r\n\tsecond line' } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ description: 'First line\r\n\tsecond line' });
    const blank = await app.inject({ method: 'POST', url: '/proposals', payload: { ...proposal, title: '     ' } });
    expect(blank.json()).toMatchObject({ statusCode: 400, statusMessage: ErrorMessages.badRequest, data: { in: 'body' } });
  });

  test('BEL and ESC in a user name are refused; a password keeps any printable character', async () => {
    for (const userName of ['Bell\u0007', 'Esc\u001b[2J']) {
      const answer = await app.inject({ method: 'POST', url: '/users', payload: { userName, password: 'long enough' } });
      expect(answer.json()).toEqual({ ...forbidden, data: { in: 'body', path: '/userName' } });
    }
    const odd = await app.inject({ method: 'POST', url: '/users', payload: { userName: 'Alice', password: '\u200b\u202e pass word' } });
    expect(odd.statusCode).toBe(200);
    const nul = await app.inject({ method: 'POST', url: '/users', payload: { userName: 'Alice', password: 'pass\u0000word' } });
    expect(nul.json()).toEqual({ ...forbidden, data: { in: 'body', path: '/password' } });
  });
});

/** Sends `text` as is on a fresh connection and answers all the server wrote until it closed (or 2 s). */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    setTimeout(() => socket.destroy(), 2000).unref();
  });
}

function parseAnswer(raw: string) {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(raw.indexOf('\r\n\r\n') + 4) };
}

describe('answers the framework gives', () => {
  let markedApp: ServiceApp;
  let port: number;
  const marked = () => [['x-content-type-options', 'nosniff'] as const];
  beforeAll(async () => {
    markedApp = await appWithRoutes(marked);
    await markedApp.listen({ port: 0, host: '127.0.0.1' });
    port = (markedApp.server.address() as AddressInfo).port;
  });
  afterAll(() => markedApp.close());

  test('a malformed URL gets the catalogue shape, the request id and the answer headers', async () => {
    const answer = await markedApp.inject({ url: '/laws/%c0', headers: { 'x-request-id': 'client-request-0001' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ statusCode: 400, statusMessage: ErrorMessages.badRequest });
    expect(answer.headers['x-request-id']).toBe('client-request-0001');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a 3,000-character parameter gets 414 in the catalogue shape, without framework codes', async () => {
    const answer = await markedApp.inject({ url: `/laws/${'a'.repeat(3000)}` });
    expect(answer.statusCode).toBe(414);
    expect(answer.json()).toEqual({ statusCode: 414, statusMessage: ErrorMessages.badRequest });
    expect(answer.body).not.toContain('FST_');
    expect(answer.headers['x-request-id']).toBeDefined();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a request line the HTTP parser refuses is answered in the catalogue shape', async () => {
    const answer = parseAnswer(await rawExchange(port, 'GET /laws/a\u0001b HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ statusCode: 400, statusMessage: ErrorMessages.badRequest });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a body over the limit is 413 payloadTooLarge', async () => {
    const answer = await markedApp.inject({ method: 'POST', url: '/proposals', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...proposal, description: 'x'.repeat(BODY_LIMIT_BYTES) }) });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ statusCode: 413, statusMessage: ErrorMessages.payloadTooLarge });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  test('Expect: 100-continue gets no go-ahead for a body announced over the limit, and one for a body within it', async () => {
    const ask = (length: number) =>
      `POST /proposals HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${length}\r\n\r\n`;
    const refused = await rawExchange(port, ask(BODY_LIMIT_BYTES + 1));
    expect(refused).not.toContain('100 Continue');
    const answer = parseAnswer(refused);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ statusCode: 413, statusMessage: ErrorMessages.payloadTooLarge });

    const body = JSON.stringify(proposal);
    const accepted = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(ask(Buffer.byteLength(body)).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n')));
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        if (received === 'HTTP/1.1 100 Continue\r\n\r\n') socket.write(body);
      });
      socket.on('close', () => resolve(received));
    });
    expect(accepted.startsWith('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK')).toBe(true);
  });
});

describe('caching of personal answers', () => {
  test('an answer to a request with cookies or an Authorization header is no-store', async () => {
    for (const headers of [{ cookie: 'access_token=abc' }, { authorization: 'Bearer abc' }]) {
      expect((await app.inject({ url: '/laws', headers })).headers['cache-control']).toBe('no-store');
    }
    const refused = await app.inject({ url: '/laws?q=%00', headers: { cookie: 'access_token=abc' } });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  test('an answer that sets a cookie is no-store', async () => {
    const answer = await app.inject({ method: 'POST', url: '/session' });
    expect(answer.headers['set-cookie']).toBeDefined();
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('a route’s own caching is kept, and anonymous answers are left alone', async () => {
    expect((await app.inject({ url: '/public', headers: { cookie: 'access_token=abc' } })).headers['cache-control']).toBe('public, max-age=300');
    expect((await app.inject({ url: '/laws' })).headers['cache-control']).toBeUndefined();
  });
});
