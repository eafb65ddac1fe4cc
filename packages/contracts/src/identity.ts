/**
 * HTTP contract of the identity service, shared by the service and the screens. Paths are those the
 * browser calls through the gateway.
 */
import type { CandidateTo, Locale } from './index.js';

/** The logged-in user as the session calls return it (POST /api/login, POST /api/login/auth-user). */
export interface SessionUser {
  id: string;
  userName: string;
  email: string;
  verified: boolean;
  moderator: boolean;
  scribe: boolean;
  locale: Locale;
  /** ISO date-time while suspended, else null. */
  suspendedUntil: string | null;
  /** First day of the month (YYYY-MM-DD) the user stands for the role, or null. */
  moderatorCandidateDate: string | null;
  scribeCandidateDate: string | null;
  greatWiseCandidateDate: string | null;
  madeProposal: boolean;
  memberSince: string;
}

/** GET /api/users/{id}: anyone may read it; `email` and `suspendedUntil` only for the user themself. */
export interface UserProfile {
  id: string;
  userName: string;
  memberSince: string;
  lawsCreated: number;
  articlesCreated: number;
  chatMessages: number;
  moderator: boolean;
  scribe: boolean;
  moderatorCandidateDate: string | null;
  scribeCandidateDate: string | null;
  greatWiseCandidateDate: string | null;
  deleted: boolean;
  email?: string;
  suspendedUntil?: string | null;
}

/** The candidate date field of PUT /api/users/{id}, by candidateTo. */
export const candidateDateField = {
  1: 'moderatorCandidateDate',
  2: 'scribeCandidateDate',
  3: 'greatWiseCandidateDate',
} as const satisfies Record<CandidateTo, string>;

export const IdentityApi = {
  // New passwords (register, resetPassword, changePassword): 8 to 128 characters; 400 'This password is too common'
  // (passwordTooCommon) or 'The password must not contain your email or user name' (passwordMatchesAccount).
  // Mails anyone can ask for are limited per address (the answer stays the same, no mail goes) and per
  // client address (429 'Too Many Requests' with Retry-After).
  register: 'POST /api/auth/register', // { email, userName, password, locale? } -> 201 { id, userName, createdAt }; sends the verification mail; 409 'User name already taken' for a name like a member's
  verifyAccount: 'POST /api/auth/verify-account', // { token } -> 200 SessionUser (and logs in)
  resendVerification: 'POST /api/auth/resend-verification', // { email } -> 204 for any address
  login: 'POST /api/login', // { email, password } -> 200 SessionUser, cookies set
  authUser: 'POST /api/login/auth-user', // no body -> 200 SessionUser | null (restores from the refresh cookie); { logout: true } -> 200 null
  forgotPassword: 'POST /api/auth/password/forgot', // { email } -> 204 for any address; a new link ends the older ones
  resetPassword: 'POST /api/auth/password/reset', // { token, password } -> 204
  changePassword: 'PUT /api/users/{id}/password', // { currentPassword, newPassword } -> 204 (403 'Incorrect password')
  requestEmailChange: 'POST /api/users/{id}/email', // { newEmail, password } -> 202 (403 'Incorrect password'); confirmation link to the new address, notice with an undo link to the current one
  confirmEmailChange: 'POST /api/auth/email/confirm', // { token } -> 200 SessionUser
  undoEmailChange: 'POST /api/auth/email/undo', // { token } (from the notice) -> 204: the account keeps or takes back that address, every session ends, cookies cleared
  getUser: 'GET /api/users/{id}', // -> UserProfile
  setCandidacy: 'PUT /api/users/{id}', // { moderatorCandidateDate | scribeCandidateDate | greatWiseCandidateDate: 'YYYY-MM-01' | null } -> 200 SessionUser
  editProfile: 'PUT /api/users/edit-profile/{id}', // { userName?, locale? } -> 200 SessionUser; 409 'User name already taken'
  deleteUser: 'DELETE /api/users/{id}', // { password, email? } -> 204, cookies cleared (403 'Incorrect password'; a given email must be the account's)
  madeProposal: 'GET /api/users/madeProposal?id={userId}', // -> { madeProposal: boolean }
  suspend: 'POST /api/users/{id}/suspension', // moderators: { minutes: 10 | 60 | 120 | 1440 } -> 200 { suspendedUntil }
  liftSuspension: 'DELETE /api/users/{id}/suspension', // moderators -> 204
  jwks: 'GET /api/auth/jwks',
  openApi: 'GET /api/auth/openapi.json',
} as const;
