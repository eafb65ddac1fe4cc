import argon2 from 'argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import type { ErrorKey } from '@civic/contracts';
import { AppError } from '@civic/service-kit';
import { admitMailRequest } from '../commands/admit-mail-request.command.js';
import { mailLimits } from '../domain/mail-limits.js';
import { zxcvbnEstimator } from '../auth/password-estimator.js';
import type { TokenPurpose } from '../domain/one-time-token.js';
import { passwordRefusal, type PasswordOwner } from '../domain/password-policy.js';
import { keyedHash } from '../domain/secrets.js';
import { isReservedUserName, USER_NAME_KEY_VERSION, userNameKey } from '../domain/user-name.js';
import { confusables } from '../store/confusables.js';
import type { CurrentAccount, IdentityContext } from './context.js';

/** Checks the routes share: rate limits, mail limits, the password rules, the current password, user names. */

/**
 * Counts a request for a mail to `address` (normalized) and answers whether the mail may go. Over the
 * client address's limit: 429 with Retry-After. Over the recipient's limit: false, and the caller
 * answers as if the mail went.
 */
export async function admitMail(context: IdentityContext, request: FastifyRequest, reply: FastifyReply, purpose: TokenPurpose, address: string): Promise<boolean> {
  const { config, commands } = context;
  const keys = { address: keyedHash(config.IP_HASH_KEY, `mail:${address}`), ip: keyedHash(config.IP_HASH_KEY, `ip:${request.ip}`) };
  const admission = await admitMailRequest(commands, purpose, keys, mailLimits(config));
  if (admission.verdict === 'refuse') refuseForNow(reply, admission.retryAfterSeconds);
  return admission.verdict === 'send';
}

/**
 * Why a login was refused, as identity_logins_refused_total counts it: over a failure limit (per
 * account and address, per account, per address), or a wrong email or password. Suspended and
 * unverified accounts are not refused at login (they log in with fewer rights); an account is locked
 * only for the places its member never logged in from.
 */
export type LoginRefusal = 'rate_limited' | 'bad_credentials';

const LOGIN_REFUSALS: readonly LoginRefusal[] = ['rate_limited', 'bad_credentials'];

/** identity_logins_refused_total on the app's registry, every reason present from the start (at 0). */
export function loginRefusalCounter(registry: Registry): Counter<'reason'> {
  const counter = new Counter({ name: 'identity_logins_refused_total', help: 'Logins refused, by reason (rate_limited, bad_credentials)', labelNames: ['reason'], registers: [registry] });
  for (const reason of LOGIN_REFUSALS) counter.inc({ reason }, 0);
  return counter;
}

/** 429 with Retry-After, the seconds to wait also in `data`. */
export function refuseForNow(reply: FastifyReply, retryAfterSeconds: number, key: ErrorKey = 'tooManyRequests'): never {
  reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError(key, 429, { retryAfterSeconds });
}

/**
 * 400 passwordMatchesAccount, or passwordTooCommon with the estimator's feedback keys
 * (`data: { warning, suggestions }`), for a new password the rules refuse.
 */
export function assertPasswordAllowed(password: string, owner: PasswordOwner): void {
  const refusal = passwordRefusal(password, owner, zxcvbnEstimator);
  if (refusal?.key === 'passwordTooCommon') throw new AppError(refusal.key, 400, refusal.feedback);
  if (refusal) throw new AppError(refusal.key, 400);
}

/**
 * Re-authentication before changing the password or the email, or deleting the account: 403
 * Incorrect password. The checks share the login limits (domain/login-limits.ts, reauthRefusal):
 * past them, 429 with Retry-After, the right password too, until the window slides.
 */
export async function assertCurrentPassword(context: IdentityContext, request: FastifyRequest, reply: FastifyReply, { user, sessionId }: CurrentAccount, password: string): Promise<void> {
  const { sessionService } = context;
  const account = { id: user.id, email: user.email ?? '' };
  const blockedFor = await sessionService.reauthenticationBlocked(account, sessionId, request.ip);
  if (blockedFor !== null) {
    request.log.warn('current-password checks limit reached');
    refuseForNow(reply, blockedFor);
  }
  if (user.passwordHash && (await argon2.verify(user.passwordHash, password))) return;
  await sessionService.recordReauthenticationFailure(account, sessionId, request.ip);
  throw new AppError('incorrectPassword', 403);
}

/** A (normalized) name with its uniqueness key; 409 userNameTaken for the name deleted accounts show. */
export function userNameWithKey(userName: string): { userName: string; userNameKey: string; userNameKeyVersion: number } {
  const table = confusables();
  if (isReservedUserName(userName, table)) throw new AppError('userNameTaken', 409);
  return { userName, userNameKey: userNameKey(userName, table), userNameKeyVersion: USER_NAME_KEY_VERSION };
}
