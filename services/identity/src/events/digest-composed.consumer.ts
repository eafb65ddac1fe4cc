import { DigestComposed, type Locale } from '@civic/contracts';
import { quoteIdent, startConsumer, type ConsumerHost, type RunningConsumer, type SqlClient } from '@civic/service-kit';
import type { Mailer } from '../mail/mailer.js';
import { digestMail } from '../mail/templates.js';
import { SCHEMA } from '../store/prisma.js';

const users = `${quoteIdent(SCHEMA)}."users"`;
const digestMails = `${quoteIdent(SCHEMA)}."digest_mail"`;
/** Sending waits on SMTP inside the transaction: longer than Prisma's 5 s default. */
const SEND_TIMEOUT_MS = 60_000;

export interface DigestMailDeps {
  mailer: Mailer;
  /** PUBLIC_URL: the origin of the item and unsubscribe links. */
  publicUrl: string;
  clock: () => Date;
}

/** The one-click unsubscribe page of the digest mail. */
export const unsubscribeLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * Mails each digest notifications composed (docs/product.md#following) to a member who still has a
 * verified address, in their language, once per digest: the `digest_mail` row is written in the
 * consumer's transaction before sending, so a failed send rolls it back and the event is retried,
 * and a redelivered event finds the row and sends nothing.
 */
export function consumeDigestComposed(host: ConsumerHost, deps: DigestMailDeps): Promise<RunningConsumer> {
  const { db } = host;
  const patient: SqlClient = {
    $executeRaw: (query) => db.$executeRaw(query),
    $queryRaw: (query) => db.$queryRaw(query),
    $executeRawUnsafe: (query, ...values) => db.$executeRawUnsafe(query, ...values),
    $queryRawUnsafe: (query, ...values) => db.$queryRawUnsafe(query, ...values),
    $transaction: (fn, options) => db.$transaction(fn, { maxWait: 10_000, timeout: SEND_TIMEOUT_MS, ...options }),
  };
  return startConsumer({
    ...host,
    db: patient,
    ackWaitMs: SEND_TIMEOUT_MS + 30_000,
    name: 'identity-digest-composed',
    event: DigestComposed,
    handle: async (tx, payload) => {
      const [user] = await tx.$queryRawUnsafe<{ email: string | null; user_name: string; verified_at: Date | null; locale: string; deleted_at: Date | null }[]>(
        `SELECT email, user_name, verified_at, locale, deleted_at FROM ${users} WHERE id = $1::uuid`,
        payload.userId,
      );
      if (!user || !user.email || user.verified_at === null || user.deleted_at !== null) return;
      const fresh = await tx.$executeRawUnsafe(
        `INSERT INTO ${digestMails} (digest_id, user_id, sent_at) VALUES ($1::uuid, $2::uuid, $3::timestamptz) ON CONFLICT (digest_id) DO NOTHING`,
        payload.digestId,
        payload.userId,
        deps.clock(),
      );
      if (fresh === 0) return;
      const locale: Locale = user.locale === 'fr' ? 'fr' : 'en';
      const unsubscribeUrl = unsubscribeLink(deps.publicUrl, payload.unsubscribeToken);
      const content = digestMail(locale, { userName: user.user_name, period: payload.period, items: payload.items, more: payload.more, publicUrl: deps.publicUrl, unsubscribeUrl });
      await deps.mailer.send({ to: user.email, ...content, headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` } });
    },
  });
}
