/**
 * HTTP contract of the identity service, shared by the service and the screens. Paths are those the
 * browser calls through the gateway. Each request and answer shape is a TypeBox schema the routes
 * validate and serialise with; its type is derived from it.
 */
import Type, { type Static } from 'typebox';
import { DateOnly, DateTime, Id, nullable } from './http-schemas.js';
import { Limits } from './limits.js';

// Building blocks of the shapes below.
const emailMaxLength = 254;
const Email = Type.String({ format: 'email', maxLength: emailMaxLength });
const NewPassword = Type.String({ minLength: Limits.password.min, maxLength: Limits.password.max });
/** A password being checked (login, confirmation): any length up to the maximum. */
const GivenPassword = Type.String({ minLength: 1, maxLength: Limits.password.max });
const UserName = Type.String({ minLength: Limits.userName.min, maxLength: Limits.userName.max, pattern: '\\S' });
const LocaleSchema = Type.Union([Type.Literal('en'), Type.Literal('fr')]);
/** The token of a mail link; optional in bodies so that its absence answers 'Missing token'. */
const LinkToken = Type.Optional(Type.String({ minLength: 1, maxLength: 512 }));
const DateOrNull = nullable(DateOnly);

/** The logged-in user as the session calls return it (POST /api/login, POST /api/login/auth-user). */
export const SessionUserSchema = Type.Object(
  {
    id: Id,
    userName: Type.String(),
    email: Type.String(),
    verified: Type.Boolean(),
    moderator: Type.Boolean(),
    scribe: Type.Boolean(),
    locale: LocaleSchema,
    /** ISO date-time while suspended, else null. */
    suspendedUntil: nullable(DateTime),
    /** First day of the month (YYYY-MM-DD) the user stands for the role, or null. */
    moderatorCandidateDate: DateOrNull,
    scribeCandidateDate: DateOrNull,
    greatWiseCandidateDate: DateOrNull,
    madeProposal: Type.Boolean(),
    memberSince: DateTime,
  },
  { title: 'SessionUser', description: 'The logged-in user' },
);
export type SessionUser = Static<typeof SessionUserSchema>;

/** POST /api/login/auth-user: the session user, or null without a session (and after logout). */
export const SessionUserOrNullSchema = nullable(SessionUserSchema);
export type SessionUserOrNull = Static<typeof SessionUserOrNullSchema>;

/** GET /api/users/{id}: anyone may read it; `email` and `suspendedUntil` only for the user themself. */
export const UserProfileSchema = Type.Object(
  {
    id: Id,
    userName: Type.String(),
    memberSince: DateTime,
    lawsCreated: Type.Integer(),
    articlesCreated: Type.Integer(),
    chatMessages: Type.Integer(),
    moderator: Type.Boolean(),
    scribe: Type.Boolean(),
    moderatorCandidateDate: DateOrNull,
    scribeCandidateDate: DateOrNull,
    greatWiseCandidateDate: DateOrNull,
    deleted: Type.Boolean(),
    email: Type.Optional(Type.String({ description: 'only for the user themself' })),
    suspendedUntil: Type.Optional(Type.Union([DateTime, Type.Null()], { description: 'for the user themself and moderators' })),
  },
  { title: 'UserProfile', description: 'Public profile; email and suspension only for the owner' },
);
export type UserProfile = Static<typeof UserProfileSchema>;

/** The `{id}` of the /api/users/{id} paths. */
export const UserIdParamsSchema = Type.Object({ id: Id }, { additionalProperties: false });
export type UserIdParams = Static<typeof UserIdParamsSchema>;

/** POST /api/auth/register. */
export const RegisterBodySchema = Type.Object(
  { email: Email, userName: UserName, password: NewPassword, locale: Type.Optional(LocaleSchema) },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBodySchema>;

/** The answer of POST /api/auth/register (201). */
export const RegisteredUserSchema = Type.Object({ id: Id, userName: Type.String(), createdAt: DateTime });
export type RegisteredUser = Static<typeof RegisteredUserSchema>;

/** The calls that follow a mail link: verify-account, email confirm and undo. */
export const LinkTokenBodySchema = Type.Object({ token: LinkToken }, { additionalProperties: false });
export type LinkTokenBody = Static<typeof LinkTokenBodySchema>;

/** The mails anyone may ask for: resend-verification, password/forgot. */
export const AccountEmailBodySchema = Type.Object({ email: Email }, { additionalProperties: false });
export type AccountEmailBody = Static<typeof AccountEmailBodySchema>;

/**
 * The strength estimator's advice on a refused new password (the `data` of passwordTooCommon): zxcvbn's
 * warning and suggestion keys ('similarToCommon', 'anotherWord'...), worded by the front end.
 */
export interface PasswordFeedback {
  warning: string | null;
  suggestions: string[];
}

/** POST /api/auth/password/reset. */
export const ResetPasswordBodySchema = Type.Object({ token: LinkToken, password: NewPassword }, { additionalProperties: false });
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

/** POST /api/login. */
export const LoginBodySchema = Type.Object({ email: Email, password: GivenPassword }, { additionalProperties: false });
export type LoginBody = Static<typeof LoginBodySchema>;

/** POST /api/login/auth-user: no body (or {}) reads the session, `{ logout: true }` ends it. */
export const AuthUserBodySchema = Type.Object({ logout: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type AuthUserBody = Static<typeof AuthUserBodySchema>;

const MonthStartOrNull = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: "first day of the current month ('YYYY-MM-01', elections time zone) to stand, null to withdraw",
});
/** PUT /api/users/{id}: exactly one of the candidate date fields (`candidateDateField`). */
export const CandidacyBodySchema = Type.Object(
  {
    moderatorCandidateDate: Type.Optional(MonthStartOrNull),
    scribeCandidateDate: Type.Optional(MonthStartOrNull),
    greatWiseCandidateDate: Type.Optional(MonthStartOrNull),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1, description: 'exactly one candidate date field' },
);
export type CandidacyBody = Static<typeof CandidacyBodySchema>;

/** PUT /api/users/edit-profile/{id}: at least one field. */
export const EditProfileBodySchema = Type.Object(
  { userName: Type.Optional(UserName), locale: Type.Optional(LocaleSchema) },
  { additionalProperties: false, minProperties: 1 },
);
export type EditProfileBody = Static<typeof EditProfileBodySchema>;

/** PUT /api/users/{id}/password. */
export const ChangePasswordBodySchema = Type.Object({ currentPassword: GivenPassword, newPassword: NewPassword }, { additionalProperties: false });
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;

/** POST /api/users/{id}/email. */
export const EmailChangeBodySchema = Type.Object({ newEmail: Email, password: GivenPassword }, { additionalProperties: false });
export type EmailChangeBody = Static<typeof EmailChangeBodySchema>;

/** DELETE /api/users/{id}. */
export const DeleteAccountBodySchema = Type.Object(
  {
    password: GivenPassword,
    email: Type.Optional(Type.String({ maxLength: emailMaxLength, description: 'when given, must be the account email (typed to confirm)' })),
  },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBodySchema>;

/** POST /api/users/{id}/suspension (moderators). */
export const SuspendUserBodySchema = Type.Object(
  { minutes: Type.Union([Type.Literal(10), Type.Literal(60), Type.Literal(120), Type.Literal(1440)], { description: '10 minutes, 1 hour, 2 hours or 1 day' }) },
  { additionalProperties: false },
);
export type SuspendUserBody = Static<typeof SuspendUserBodySchema>;

/** The answer of POST /api/users/{id}/suspension. */
export const UserSuspensionSchema = Type.Object({ suspendedUntil: DateTime });
export type UserSuspension = Static<typeof UserSuspensionSchema>;

/** GET /api/users/madeProposal?id={userId}. */
export const MadeProposalQuerySchema = UserIdParamsSchema;
export type MadeProposalQuery = Static<typeof MadeProposalQuerySchema>;

/** The answer of GET /api/users/madeProposal. */
export const MadeProposalSchema = Type.Object({ madeProposal: Type.Boolean() });
export type MadeProposal = Static<typeof MadeProposalSchema>;

/** GET /api/auth/jwks: the public keys of the access tokens (EdDSA), for the other services. */
export const JwksSchema = Type.Object({
  keys: Type.Array(
    Type.Object({
      kid: Type.Optional(Type.String()),
      kty: Type.Optional(Type.String()),
      crv: Type.Optional(Type.String()),
      x: Type.Optional(Type.String()),
      alg: Type.Optional(Type.String()),
      use: Type.Optional(Type.String()),
    }),
  ),
});
export type Jwks = Static<typeof JwksSchema>;

/** GET /api/auth/registration-limits: how many accounts one IP address may create, as this deployment runs it. */
export const RegistrationLimitsSchema = Type.Object({
  accountsPerIp: Type.Integer({ minimum: 1 }),
  accountsPerIpPerDay: Type.Integer({ minimum: 1 }),
});
export type RegistrationLimits = Static<typeof RegistrationLimitsSchema>;


export const IdentityApi = {
  // New passwords (register, resetPassword, changePassword): 8 to 128 characters; 400 'This password is too common'
  // (passwordTooCommon: easy to guess, `data` a PasswordFeedback) or 'The password must not contain your email or
  // user name' (passwordMatchesAccount). Current-password checks share the login limits (429 with Retry-After).
  // Mails anyone can ask for are limited per address (the answer stays the same, no mail goes) and per
  // client address (429 'Too Many Requests' with Retry-After).
  register: 'POST /api/auth/register', // { email, userName, password, locale? } -> 201 { id, userName, createdAt }; sends the verification mail; 409 'User name already taken' for a name like a member's
  verifyAccount: 'POST /api/auth/verify-account', // { token } -> 200 SessionUser (and logs in)
  resendVerification: 'POST /api/auth/resend-verification', // { email } -> 204 for any address
  login: 'POST /api/login', // { email, password } -> 200 SessionUser, cookies set (with the login device cookie); 403 'Reset your password to log in again' after an undone email change
  authUser: 'POST /api/login/auth-user', // no body -> 200 SessionUser | null (restores from the refresh cookie); { logout: true } -> 200 null
  forgotPassword: 'POST /api/auth/password/forgot', // { email } -> 204 for any address; a new link ends the older ones
  resetPassword: 'POST /api/auth/password/reset', // { token, password } -> 204
  changePassword: 'PUT /api/users/{id}/password', // { currentPassword, newPassword } -> 204 (403 'Incorrect password')
  requestEmailChange: 'POST /api/users/{id}/email', // { newEmail, password } -> 202 (403 'Incorrect password'), alike for a taken address (its owner is told); confirmation link to the new address, notice with an undo link to the current one
  confirmEmailChange: 'POST /api/auth/email/confirm', // { token } -> 200 SessionUser
  undoEmailChange: 'POST /api/auth/email/undo', // { token } (from the latest notice) -> 204: the account keeps or takes back that address, every session ends, cookies cleared, a password reset is needed (its link mailed there)
  getUser: 'GET /api/users/{id}', // -> UserProfile
  setCandidacy: 'PUT /api/users/{id}', // { moderatorCandidateDate | scribeCandidateDate | greatWiseCandidateDate: 'YYYY-MM-01' | null } -> 200 SessionUser
  editProfile: 'PUT /api/users/edit-profile/{id}', // { userName?, locale? } -> 200 SessionUser; 409 'User name already taken'
  deleteUser: 'DELETE /api/users/{id}', // { password, email? } -> 204, cookies cleared (403 'Incorrect password'; a given email must be the account's)
  madeProposal: 'GET /api/users/madeProposal?id={userId}', // -> { madeProposal: boolean }
  suspend: 'POST /api/users/{id}/suspension', // moderators: { minutes: 10 | 60 | 120 | 1440 } -> 200 { suspendedUntil }
  liftSuspension: 'DELETE /api/users/{id}/suspension', // moderators -> 204
  jwks: 'GET /api/auth/jwks',
  registrationLimits: 'GET /api/auth/registration-limits', // -> RegistrationLimits (public, for the help page)
  openApi: 'GET /api/auth/openapi.json',
} as const;
