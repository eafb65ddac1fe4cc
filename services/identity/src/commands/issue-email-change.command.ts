import { AccountTokens } from '../store/account-token.repository.js';
import { linkAt, type NewLink } from './token-access.js';
import { unitOfWork, type CommandDeps } from './unit-of-work.js';

/**
 * The links of an email change: the confirmation for the new address and the undo link for the
 * current one, which keeps that address. Older pending changes and older undo links are dropped:
 * only the latest change can be undone, so an undo link of an earlier change cannot bring back an
 * address the account has left since.
 */
export async function issueEmailChange(deps: CommandDeps, user: { id: string; email: string }, newEmail: string, links: { confirm: NewLink; undo: NewLink }): Promise<void> {
  const now = deps.clock();
  await unitOfWork(deps, async (tx) => {
    await AccountTokens.lock(tx, user.id, 'email-change');
    await AccountTokens.retire(tx, user.id, 'email-change', now);
    await AccountTokens.retire(tx, user.id, 'email-undo', now);
    await AccountTokens.create(tx, { userId: user.id, purpose: 'email-change', newEmail, ...linkAt(links.confirm, now) }, now);
    await AccountTokens.create(tx, { userId: user.id, purpose: 'email-undo', newEmail: user.email, ...linkAt(links.undo, now) }, now);
  });
}
