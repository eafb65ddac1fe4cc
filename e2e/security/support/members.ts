/**
 * Verified members made through the product's own flows: registration through the gateway, the
 * verification link read from the mail catcher, then the session cookies of a login.
 */
import { randomBytes } from 'node:crypto';
import { waitForMailLink } from '../../src/mail.js';
import { Client } from './http.js';

export interface Member {
  id: string;
  email: string;
  userName: string;
  password: string;
  /** Logged in as this member. */
  client: Client;
}

/** One short random word per test run, so accounts never collide with those of another run. */
export const run = randomBytes(3).toString('hex');

const seenMails = new Set<string>();

export function account(name: string, email = `${name}-${run}@security.example.test`) {
  return { email, userName: `${name} ${run}`, password: `${name}-security-2026` };
}

/** Registers, verifies through the mailed link (which logs the client in) and answers the member. */
export async function registerVerified(baseUrl: string, mailUrl: string, localAddress: string, details: { email: string; userName: string; password: string }): Promise<Member> {
  const client = new Client(baseUrl, localAddress);
  const registered = await client.request('POST', '/api/auth/register', { json: { ...details, locale: 'en' } });
  if (registered.status !== 201) throw new Error(`registering ${details.email} answered ${registered.status}: ${registered.text}`);
  const { link } = await waitForMailLink(mailUrl, details.email, '/verify-account', { seen: seenMails });
  const verified = await client.ok<{ id: string }>('POST', '/api/auth/verify-account', { token: link.searchParams.get('token') });
  // The link must have been this account's: another's would log this client in as someone else.
  const { id } = registered.body as { id: string };
  if (verified.id !== id) throw new Error(`the verification mail read for ${details.email} belonged to another account`);
  return { ...details, id, client };
}

/** A fresh login: the session's access token then carries the roles and flags of this moment. */
export async function logIn(member: Member): Promise<void> {
  member.client.cookies.clear();
  await member.client.ok('POST', '/api/login', { email: member.email, password: member.password });
}

/** What identifies a member across processes: a member less its logged-in client. */
export type MemberDetails = Omit<Member, 'client'>;

export const detailsOf = ({ client: _client, ...details }: Member): MemberDetails => details;

/** A member made in another test file, logged in afresh from `localAddress` (a session of its own). */
export async function logInAgain(baseUrl: string, localAddress: string, details: MemberDetails): Promise<Member> {
  const client = new Client(baseUrl, localAddress);
  await client.ok('POST', '/api/login', { email: details.email, password: details.password });
  return { ...details, client };
}
