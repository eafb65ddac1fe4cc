import { randomUUID } from 'node:crypto';
import { DigestComposed } from '@civic/contracts';
import { loadConfig, type ServiceApp } from '@civic/service-kit';
import { waitFor } from '@civic/test-kit';
import { buildApp } from '../src/app.js';
import { IdentityConfig } from '../src/config.js';
import type { OutgoingMail } from '../src/mail/mailer.js';
import { createUser, decodeQuotedPrintable, publish, startHarness, type Harness } from './support/harness.js';

/**
 * The digest mail (docs/product.md#following): notifications composes it, identity mails it once per
 * digest to a member with a verified address, in their language, every item linked, with a one-click
 * unsubscribe link in the body and RFC 8058's one-click List-Unsubscribe and List-Unsubscribe-Post
 * headers; a failed send is retried without a second mail.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness('digest-mail');
});

afterAll(async () => {
  await h.close();
});

const lawId = randomUUID();
const digest = (userId: string, overrides: Record<string, unknown> = {}) => ({
  digestId: randomUUID(),
  userId,
  period: 'daily' as const,
  from: '2026-11-26T07:00:00.000Z',
  to: '2026-11-27T07:00:00.000Z',
  items: [
    { messageKey: 'followedAdopted', params: { title: 'Free <buses>', seal: 'abcdef012345' }, link: `/archive/${lawId}`, at: '2026-11-27T06:00:00.000Z' },
    { messageKey: 'followedFinalVoteClosing', params: { title: 'Night trains', endsAt: '2026-11-28T18:00:00.000Z' }, link: '/decisions/final-vote', at: '2026-11-26T09:00:00.000Z' },
  ],
  more: 3,
  unsubscribeToken: `${userId}.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg`,
  ...overrides,
});
/** Digest mails only: registering sends its verification mail to the same address. */
const digestsTo = (email: string) => h.mail.mails.filter((mail) => mail.to.includes(email) && /digest|résumé/.test(mail.subject));
const digestTo = (email: string) => waitFor(() => digestsTo(email).at(-1), 30_000);
/** Waits until the consumer applied the event (its inbox row is written with the effect). */
const consumed = (eventId: string) =>
  waitFor(async () => (await h.db.inboxEvent.count({ where: { consumer: 'identity-digest-composed', eventId } })) === 1, 30_000);
const rows = (digestId: string) => h.db.digestMail.count({ where: { digestId } });

it('mails the digest once, in English, each item linked, with the unsubscribe link and the one-click headers', async () => {
  const user = await createUser(h, { locale: 'en', userName: 'Digest Reader' });
  const payload = digest(user.id);
  const event = await publish(h.bus, DigestComposed, payload as never);
  const mail = await digestTo(user.email);
  expect(mail.subject).toBe('Your daily digest: 5 updates');
  expect(mail.body).toContain('Hello Digest Reader,');
  expect(mail.body).toContain('The law “Free <buses>” you follow was adopted (seal abcdef012345).');
  expect(mail.body).toContain('The law “Free &#60;buses&#62;” you follow was adopted');
  expect(mail.body).toContain(`http://civic.test/archive/${lawId}`);
  expect(mail.body).toContain('The final vote on “Night trains”, which you follow, closes on 28 November 2026 at 19:00 (Paris time): vote while there is time.');
  expect(mail.body).toContain('And 3 more updates on the site.');
  const unsubscribe = `http://civic.test/unsubscribe?token=${encodeURIComponent(payload.unsubscribeToken)}`;
  expect(mail.body).toContain(unsubscribe);
  // The header names the one-click URL that mail clients post (RFC 8058), and says they may.
  // Long headers are folded on the wire; the mail box decodes the whole message as quoted-printable,
  // headers included, so the header is expected as that same decoding reads it (a token starting
  // with two hex digits reads as one byte, not valid UTF-8 from 80 up).
  const oneClick = `http://civic.test/api/users/notifications/digest/one-click?token=${encodeURIComponent(payload.unsubscribeToken)}`;
  const lines = mail.body.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  expect(lines).toContain(decodeQuotedPrintable(`List-Unsubscribe: <${oneClick}>`));
  expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(lines).not.toContain(decodeQuotedPrintable(`List-Unsubscribe: <${unsubscribe}>`));

  // Delivered again (a relay retry under another message id): no second mail.
  const before = digestsTo(user.email).length;
  await publish(h.bus, DigestComposed, payload as never, { msgID: randomUUID(), envelope: event });
  // The same digest under another event id: the inbox lets it through, the digest_mail row does not.
  const again = { ...event, id: randomUUID() };
  await publish(h.bus, DigestComposed, payload as never, { msgID: again.id, envelope: again });
  await consumed(again.id);
  expect(digestsTo(user.email)).toHaveLength(before);
  expect(await rows(payload.digestId)).toBe(1);
});

it('words it in French for a French-speaking member', async () => {
  const user = await createUser(h, { locale: 'fr', userName: 'Lectrice' });
  await publish(h.bus, DigestComposed, digest(user.id, { period: 'weekly', more: 0, items: [digest(user.id).items[0]] }) as never);
  const mail = await digestTo(user.email);
  expect(mail.subject).toBe('Votre résumé hebdomadaire\u202f: 1 nouveauté');
  expect(mail.body).toContain('Bonjour Lectrice,');
  expect(mail.body).toContain('La loi «\u202fFree <buses>\u202f» que vous suivez a été adoptée (sceau abcdef012345).');
  expect(mail.body).not.toContain('autre');
  expect(mail.body).toContain('Ne plus recevoir ces résumés');
});

it('mails nobody without a verified address or account', async () => {
  const unverified = await createUser(h, { verified: false, loggedIn: false });
  const payloads = [digest(unverified.id), digest(randomUUID())];
  for (const payload of payloads) await consumed((await publish(h.bus, DigestComposed, payload as never)).id);
  expect(digestsTo(unverified.email)).toEqual([]);
  for (const payload of payloads) expect(await rows(payload.digestId)).toBe(0);
});

it('retries a failed send without recording it, then mails it once', async () => {
  // The shared app stops: only the flaky one below consumes from here on.
  await h.app.close();
  const attempts: OutgoingMail[] = [];
  const sent: OutgoingMail[] = [];
  const flaky = {
    async send(mail: OutgoingMail) {
      attempts.push(mail);
      if (attempts.length === 1) throw new Error('SMTP unavailable');
      sent.push(mail);
    },
    close() {},
  };
  const config = loadConfig(IdentityConfig, {
    DATABASE_URL: h.context.databaseUrl,
    NATS_URL: h.context.natsUrl,
    NATS_PREFIX: h.context.natsPrefix,
    PUBLIC_URL: 'http://civic.test',
    OUTBOX_POLL_MS: '20',
  });
  const app: ServiceApp = await buildApp({ config, db: h.db, bus: h.bus, logger: false, mailer: flaky, clock: h.clock.now });
  await app.ready();
  try {
    const user = await h.db.user.findFirstOrThrow({ where: { verifiedAt: { not: null }, locale: 'en' } });
    const payload = digest(user.id);
    await publish(h.bus, DigestComposed, payload as never);
    await waitFor(() => sent.length === 1, 30_000);
    expect(attempts.length).toBe(2);
    expect(sent[0]).toMatchObject({ to: user.email, subject: 'Your daily digest: 5 updates', headers: { 'List-Unsubscribe': expect.stringContaining('/digest/one-click?token='), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    expect(await rows(payload.digestId)).toBe(1);
  } finally {
    await app.close();
  }
}, 60_000);
