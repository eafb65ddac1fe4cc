import { DigestComposed, type Locale } from '@civic/contracts';
import { startConsumer, type RunningConsumer } from '@civic/service-kit';
import type { Mailer } from '../mail/mailer.js';
import { digestMail } from '../mail/templates.js';
import { DigestMails } from '../store/digest-mail.repository.js';
import { UserRepository } from '../store/user.repository.js';
import type { IdentityConsumerHost } from './host.js';

/** Sending waits on SMTP inside the transaction: longer than Prisma's 5 s default. */
const SEND_TIMEOUT_MS = 60_000;

export interface DigestMailDeps {
  mailer: Mailer;
  /** PUBLIC_URL: the origin of the item and unsubscribe links. */
  publicUrl: string;
  clock: () => Date;
}

/** The unsubscribe page of the digest mail, the link its body shows. */
export const unsubscribeLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;

/** Where mail clients post RFC 8058's one-click unsubscribe: no session, the token is the authority. */
export const oneClickUnsubscribeLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/api/users/notifications/digest/one-click?token=${encodeURIComponent(token)}`;

/**
 * Mails each digest notifications composed (docs/product.md#following) to a member who still has a
 * verified address, in their language, once per digest: the `digest_mail` row is written in the
 * consumer's transaction before sending, so a failed send rolls it back and the event is retried,
 * and a redelivered event finds the row and sends nothing.
 */
export function consumeDigestComposed(host: IdentityConsumerHost, deps: DigestMailDeps): Promise<RunningConsumer> {
  return startConsumer({
    ...host,
    transaction: { maxWait: 10_000, timeout: SEND_TIMEOUT_MS },
    ackWaitMs: SEND_TIMEOUT_MS + 30_000,
    name: 'identity-digest-composed',
    event: DigestComposed,
    handle: async (tx, payload) => {
      const user = await new UserRepository(tx).findById(payload.userId);
      if (!user || !user.email || user.verifiedAt === null || user.deletedAt !== null) return;
      const firstTime = await DigestMails.record(tx, { digestId: payload.digestId, userId: payload.userId, sentAt: deps.clock() });
      if (!firstTime) return;
      const locale: Locale = user.locale === 'fr' ? 'fr' : 'en';
      const unsubscribeUrl = unsubscribeLink(deps.publicUrl, payload.unsubscribeToken);
      const content = digestMail(locale, { userName: user.userName, period: payload.period, items: payload.items, more: payload.more, publicUrl: deps.publicUrl, unsubscribeUrl });
      // RFC 8058: the header names the one-click URL, which a mail client posts without opening a page.
      const oneClickUrl = oneClickUnsubscribeLink(deps.publicUrl, payload.unsubscribeToken);
      await deps.mailer.send({ to: user.email, ...content, headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    },
  });
}
