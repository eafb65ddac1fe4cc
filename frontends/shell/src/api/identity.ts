/** The identity calls of packages/contracts (IdentityApi), typed. */
import { candidateDateField, type CandidateTo, type Locale, type SessionUser, type UserProfile } from '@civic/contracts';
import { apiRequest, restoreSession } from '@civic/frontend-kit/api-client';

const user = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/** The suspension lengths moderators choose from (docs/product.md#suspensions): 10 minutes, 1 hour, 2 hours, 1 day. */
export const suspensionMinutes = [10, 60, 120, 1440] as const;
export type SuspensionMinutes = (typeof suspensionMinutes)[number];

export interface RegisteredUser {
  id: string;
  userName: string;
  createdAt: string;
}

export const identityApi = {
  restoreSession,
  logout: () => apiRequest<null>('POST', '/api/login/auth-user', { body: { logout: true }, renewSession: false }),
  login: (body: { email: string; password: string }) => apiRequest<SessionUser>('POST', '/api/login', { body }),
  register: (body: { email: string; userName: string; password: string; locale: Locale }) =>
    apiRequest<RegisteredUser>('POST', '/api/auth/register', { body }),
  verifyAccount: (token: string) => apiRequest<SessionUser>('POST', '/api/auth/verify-account', { body: { token } }),
  resendVerification: (email: string) =>
    apiRequest<undefined>('POST', '/api/auth/resend-verification', { body: { email } }),
  forgotPassword: (email: string) => apiRequest<undefined>('POST', '/api/auth/password/forgot', { body: { email } }),
  resetPassword: (body: { token: string; password: string }) =>
    apiRequest<undefined>('POST', '/api/auth/password/reset', { body }),
  changePassword: (id: string, body: { currentPassword: string; newPassword: string }) =>
    apiRequest<undefined>('PUT', `${user(id)}/password`, { body }),
  requestEmailChange: (id: string, body: { newEmail: string; password: string }) =>
    apiRequest<unknown>('POST', `${user(id)}/email`, { body }),
  confirmEmailChange: (token: string) => apiRequest<SessionUser>('POST', '/api/auth/email/confirm', { body: { token } }),
  undoEmailChange: (token: string) => apiRequest<undefined>('POST', '/api/auth/email/undo', { body: { token } }),
  getUser: (id: string, signal?: AbortSignal) => apiRequest<UserProfile>('GET', user(id), { signal }),
  setCandidacy: (id: string, role: CandidateTo, date: string | null) =>
    apiRequest<SessionUser>('PUT', user(id), { body: { [candidateDateField[role]]: date } }),
  editProfile: (id: string, body: { userName?: string; locale?: Locale }) =>
    apiRequest<SessionUser>('PUT', `/api/users/edit-profile/${encodeURIComponent(id)}`, { body }),
  deleteUser: (id: string, body: { password: string }) => apiRequest<undefined>('DELETE', user(id), { body }),
  suspend: (id: string, minutes: SuspensionMinutes) =>
    apiRequest<{ suspendedUntil: string }>('POST', `${user(id)}/suspension`, { body: { minutes } }),
  liftSuspension: (id: string) => apiRequest<undefined>('DELETE', `${user(id)}/suspension`),
};
