import { ErrorMessages, type LawDetail } from '@civic/contracts';
import { deleteRedisKeys, testRedisPrefix, waitFor } from '@civic/test-kit';
import { renderLawPdf } from '../src/pdf/law-pdf.js';
import type { PdfRenderer } from '../src/commands/render-law-pdf.command.js';
import { startHarness, type Harness, type Member } from './support/harness.js';
import { caller, closeFinalVote, draftLaw } from './support/law-cycle.js';

/**
 * An archived law's PDF is rendered once per version of the law and language, then kept in the
 * database and answered from it (docs/product.md#archive): the renderer is counted; a strong ETag and
 * 304 to If-None-Match; renders are limited per member or address in Redis (429 tooManyRequests), and
 * at most PDF_RENDER_CONCURRENCY run at once, the others waiting briefly, then 503.
 */
let h: Harness;
let call: ReturnType<typeof caller>;
let lawId: string;
let member: Member;
let other: Member;
const redisPrefix = testRedisPrefix();
/** Every render asked of the renderer, as [law, locale]; `hold` keeps the next renders waiting while set. */
const renders: [string, string][] = [];
let hold: Promise<void> | null = null;
const render: PdfRenderer = async (law, options) => {
  renders.push([law.id, options.locale]);
  if (hold) await hold;
  return renderLawPdf(law, options);
};

beforeAll(async () => {
  h = await startHarness(
    {
      CREATORS_PER_LAW: '2',
      LIVE_VOTERS_CACHE_MS: '0',
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: redisPrefix,
      PDF_RENDERS_PER_WINDOW: '2',
      PDF_RENDER_WINDOW_MS: '60000',
      PDF_RENDER_CONCURRENCY: '1',
      PDF_RENDER_WAIT_MS: '300',
    },
    { renderPdf: render },
  );
  call = caller(h);
  const law = await draftLaw(h);
  lawId = law.lawId;
  await closeFinalVote(h, async () => {
    for (const voter of law.voters) expect((await call('PUT', `/api/laws/${lawId}/articles/${law.articleId}/vote`, voter, { vote: 'for' })).statusCode).toBe(200);
  });
  expect((await call('GET', `/api/laws/${lawId}`)).json<LawDetail>().state).toBe('adopted');
  member = await h.member({ name: 'Reader' });
  other = await h.member({ name: 'Other reader' });
}, 120_000);

afterAll(async () => {
  await h?.close();
  await deleteRedisKeys(redisPrefix);
});

/** A creator's new name, printed in the PDF: a new version of it to render. */
async function rename(name: string): Promise<void> {
  const creator = (await call('GET', `/api/laws/${lawId}`)).json<LawDetail>().creators[0]!;
  await h.db.citizen.update({ where: { userId: creator.userId }, data: { userName: name } });
}

const pdf = (who?: Member, query = 'lang=en', headers: Record<string, string> = {}) => call('GET', `/api/laws/${lawId}/pdf?${query}`, who, undefined, headers);

describe('an archived law’s PDF, made once', () => {
  it('renders the first request, keeps it in the database, and answers the next ones from it, byte for byte', async () => {
    const first = await pdf(member);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.body.startsWith('%PDF-')).toBe(true);
    expect(renders).toEqual([[lawId, 'en']]);
    expect(await h.db.lawPdf.count({ where: { lawId, locale: 'en' } })).toBe(1);

    // Another member, a visitor, and the same reader again: no new render, the same bytes and tag.
    for (const who of [other, undefined, member]) {
      const again = await pdf(who);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['etag']).toBe(first.headers['etag']);
    }
    expect(renders).toHaveLength(1);
  });

  it('answers a strong ETag and a public cache policy; If-None-Match holding it gets 304 without a body', async () => {
    const answer = await pdf();
    const etag = String(answer.headers['etag']);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(answer.headers['cache-control']).toBe('public, max-age=86400, immutable');
    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const cached = await pdf(member, 'lang=en', { 'if-none-match': ifNoneMatch });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers['etag']).toBe(etag);
    }
    const stale = await pdf(member, 'lang=en', { 'if-none-match': '"an-older-pdf"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body.startsWith('%PDF-')).toBe(true);
    expect(renders).toHaveLength(1);
  });

  it('renders each language once, under its own tag', async () => {
    const fr = await pdf(member, '', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['etag']).not.toBe((await pdf()).headers['etag']);
    expect((await pdf(other, 'lang=fr')).body).toBe(fr.body);
    expect(renders).toEqual([
      [lawId, 'en'],
      [lawId, 'fr'],
    ]);
  });

  it('renders again, once, when something the PDF prints changes (a creator renamed)', async () => {
    const before = (await pdf()).headers['etag'];
    await rename('Renamed creator');
    const after = await pdf(other);
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(before);
    expect((await pdf(member)).headers['etag']).toBe(after.headers['etag']);
    expect(renders.filter(([, locale]) => locale === 'en')).toHaveLength(2);
  });
});

describe('the limits of rendering', () => {
  it('counts only renders against a member: past PDF_RENDERS_PER_WINDOW, 429 tooManyRequests with Retry-After, nothing rendered or kept', async () => {
    // `other` caused one render above (after the rename); one more is allowed in this window.
    await rename('Renamed again');
    const rendered = renders.length;
    expect((await pdf(other, 'lang=fr')).statusCode).toBe(200);
    const kept = await h.db.lawPdf.count();
    const refused = await pdf(other);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, statusMessage: ErrorMessages.tooManyRequests, data: { reason: 'pdf-renders' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(renders).toHaveLength(rendered + 1);
    expect(await h.db.lawPdf.count()).toBe(kept);
    // A PDF already kept is still answered to them; another member still gets their render.
    expect((await pdf(other, 'lang=fr')).statusCode).toBe(200);
    expect((await pdf(await h.member({ name: 'Fresh reader' }))).statusCode).toBe(200);
    expect(renders).toHaveLength(rendered + 2);
  });

  it('counts visitors by address, and the counter is shared in Redis under the configured prefix', async () => {
    const keys: string[] = [];
    const { createClient } = await import('@redis/client');
    const redis = createClient({ url: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379' });
    await redis.connect();
    try {
      for await (const batch of redis.scanIterator({ MATCH: `${redisPrefix}pdf-render:*` })) keys.push(...batch);
    } finally {
      await redis.close();
    }
    expect(keys.some((key) => key.includes(':user:'))).toBe(true);
    // Addresses are kept only hashed.
    expect(keys.every((key) => !key.includes('127.0.0.1'))).toBe(true);

    const visitor = (address: string) => h.app.inject({ method: 'GET', url: `/api/laws/${lawId}/pdf?lang=en`, remoteAddress: address });
    await rename('Third name');
    expect((await visitor('203.0.113.7')).statusCode).toBe(200);
    await rename('Fourth name');
    expect((await visitor('203.0.113.7')).statusCode).toBe(200);
    await rename('Fifth name');
    expect((await visitor('203.0.113.7')).statusCode).toBe(429);
    expect((await visitor('203.0.113.8')).statusCode).toBe(200);
  });

  it('renders one PDF at a time per replica: a render waiting past PDF_RENDER_WAIT_MS gets 503 serviceUnavailable', async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    await rename('Sixth name');
    const rendered = renders.length;
    const reader = await h.member({ name: 'Patient reader' });
    const impatient = await h.member({ name: 'Impatient reader' });
    const first = pdf(reader, 'lang=en');
    // The first render has its turn and is held; the second (the other language) waits, then gives up.
    await waitFor(() => renders.length === rendered + 1);
    const second = await pdf(impatient, 'lang=fr');
    expect(second.statusCode).toBe(503);
    expect(second.json()).toMatchObject({ statusCode: 503, statusMessage: ErrorMessages.serviceUnavailable, data: { reason: 'pdf-renders-busy' } });
    hold = null;
    release();
    expect((await first).statusCode).toBe(200);
    expect(renders).toHaveLength(rendered + 1);
    // Once the turn is free, the same request renders.
    expect((await pdf(impatient, 'lang=fr')).statusCode).toBe(200);
  });

  it('answers 404 for a law not archived or unknown, and 400 for a bad id, rendering nothing', async () => {
    const rendered = renders.length;
    expect((await call('GET', '/api/laws/00000000-0000-4000-8000-000000000000/pdf')).statusCode).toBe(404);
    expect((await call('GET', '/api/laws/not-an-id/pdf')).statusCode).toBe(400);
    expect(renders).toHaveLength(rendered);
  });
});
