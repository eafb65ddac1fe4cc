import { retryAfterSeconds } from '../domain/login-limits.js';
import { judgeMailRequest, mailRequestCounts, type MailLimits, type MailPurpose, type MailVerdict } from '../domain/mail-limits.js';
import { MailRequests, type MailRequestKeys } from '../store/mail-request.repository.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

export type MailAdmission = { verdict: Exclude<MailVerdict, 'refuse'> } | { verdict: 'refuse'; retryAfterSeconds: number };

const MAIL_REQUEST_PURGE_EVERY_MS = 60_000;

/**
 * Counts a request for a mail of `purpose` against its recipient and client addresses, under a lock
 * on both, and answers whether the mail may go (src/domain/mail-limits.ts).
 */
export function admitMailRequest(deps: CommandDeps, purpose: MailPurpose, keys: MailRequestKeys, limits: MailLimits): Promise<MailAdmission> {
  const now = deps.clock();
  const windowStart = new Date(now.getTime() - limits.windowMs);
  return unitOfWork(deps, async (tx) => {
    await MailRequests.lock(tx, purpose, keys);
    const counts = await MailRequests.count(tx, purpose, keys, windowStart);
    const verdict = judgeMailRequest(counts, limits);
    await MailRequests.record(tx, purpose, keys, mailRequestCounts(verdict), now);
    // Old counters go at most once a minute per instance, by whichever request comes then.
    if (now.getTime() - deps.mailRequestPurge.lastAt > MAIL_REQUEST_PURGE_EVERY_MS) {
      deps.mailRequestPurge.lastAt = now.getTime();
      await MailRequests.purge(tx, windowStart);
    }
    return verdict === 'refuse' ? { verdict, retryAfterSeconds: retryAfterSeconds(counts.oldestIp, now, limits.windowMs) } : { verdict };
  });
}
