import type { FastifyRequest } from 'fastify';
import { AppError, requireUser } from '@civic/service-kit';
import { isSessionAuthUser } from '../auth/access-tokens.js';
import type { SessionService } from '../auth/session.service.js';
import type { IdentityConfig } from '../config.js';
import type { User } from '../generated/prisma/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailContent } from '../mail/templates.js';
import { liveAccount } from '../commands/session-access.js';
import type { CommandDeps } from '../commands/unit-of-work.js';
import type { SigningKeyRepository } from '../store/signing-key.repository.js';
import type { UserRepository } from '../store/user.repository.js';
import type { SessionCookies } from './cookies.js';

/** What the route plugins share. */
export interface IdentityContext {
  config: IdentityConfig;
  /** Reads of accounts on the client (the views answered). */
  users: UserRepository;
  /** What the commands the routes call need. */
  commands: CommandDeps;
  sessionService: SessionService;
  keys: SigningKeyRepository;
  cookies: SessionCookies;
  mailer: Mailer;
  clock: () => Date;
}

export interface CurrentAccount {
  user: User;
  sessionId: string;
}

/**
 * The logged-in caller as the users table knows them now (role, suspension, deletion), for the
 * routes that act on an account. A token of an ended session or a deleted account no longer counts.
 */
export async function currentAccount(context: IdentityContext, request: FastifyRequest): Promise<CurrentAccount> {
  const auth = requireUser(request);
  if (!isSessionAuthUser(auth)) throw new AppError('invalidToken', 401);
  const user = await liveAccount(context.commands, auth.sessionId, auth.id, context.clock());
  if (!user) throw new AppError('unauthorized', 401);
  return { user, sessionId: auth.sessionId };
}

/** Sends a mail; a failure is logged and answered 502 'The request has failed' (the user may retry). */
export async function sendMail(context: IdentityContext, request: FastifyRequest, to: string, content: MailContent): Promise<void> {
  try {
    await context.mailer.send({ to, ...content });
  } catch (error) {
    request.log.error({ err: error }, 'mail could not be sent');
    throw new AppError('requestFailed', 502, { reason: 'mailNotSent' });
  }
}
