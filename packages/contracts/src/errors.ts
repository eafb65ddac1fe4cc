/**
 * The error catalogue of the product (docs/product.md#errors). The value is the wire `statusMessage`:
 * the exact English message, which the front end looks up by its key to translate.
 */
export const ErrorMessages = {
  emailAlreadyRegistered: 'Email already registered',
  incorrectEmailOrPassword: 'Incorrect email or password',
  unknownEmail: 'Unknown email',
  onlyOneProposal: 'Only one proposal per user, come back later',
  tooManyAccountsSameIp: 'Too many accounts on the same IP',
  tooManyAccountsSameDay: 'Too many accounts on the same day, come back later',
  tooManyProposals: 'Too many proposals, come back later',
  maxProposalsReached: 'Maximum number of proposals reached',
  linkErrorOrExpiredToken: 'Link error or expired token',
  unauthorized: 'Unauthorized',
  badRequest: 'Bad Request',
  notFound: 'Not Found',
  internalServerError: 'Internal Server Error',
  unknownError: 'Unknown Error',
  missingRequiredFields: 'Missing required fields',
  invalidToken: 'Invalid token',
  missingToken: 'Missing token',
  tokenExpired: 'Token has expired',
  unauthorizedAction: 'Unauthorized action',
  userNotFound: 'User not found',
  userNotFoundOrEmailMismatch: 'User not found or email did not match',
  incorrectPassword: 'Incorrect password',
  emailAlreadyInUse: 'Email already in use',
  requestExpired: 'The request has expired',
  requestFailed: 'The request has failed',
  suspensionError: 'Suspension error',
  unexpectedError: 'An unexpected error occurred',
  tooManyRequests: 'Too Many Requests',
  /** A post in a room under slow mode before the member's interval has passed (429, data `{ retryAt }`). */
  slowMode: 'Slow mode: wait before posting again',
  /**
   * An edit based on an older version of a text than the saved one (409, data `{ reason: 'edit-conflict',
   * current }`, `EditConflictData`): the editor shows both versions to merge, never a silent overwrite.
   */
  editConflict: 'The text was changed while you were editing it',
  serviceUnavailable: 'Service Unavailable',
  /** A body over the size limit (every service and the gateway). */
  payloadTooLarge: 'Payload Too Large',
  /** A JSON body nested deeper than the platform takes (JSON_MAX_DEPTH of the service kit, 400, data `{ limit }`). */
  bodyTooDeep: 'The content sent is nested too deeply',
  /** A JSON body with more keys in all than the platform takes (JSON_MAX_KEYS, 400, data `{ limit }`). */
  bodyTooWide: 'The content sent has too many fields',
  /** Text holding control or direction-reversing characters (packages/contracts/src/text.ts). */
  forbiddenCharacters: 'Text contains forbidden characters',
  /** Text that is empty once invisible and format characters are removed. */
  invisibleText: 'Text must contain visible characters',
  /** A password found in the list of common breached passwords. */
  passwordTooCommon: 'This password is too common',
  /** A password equal to, or containing, the account's email or user name. */
  passwordMatchesAccount: 'The password must not contain your email or user name',
  /** A user name that, once normalised, is the name of another member. */
  userNameTaken: 'User name already taken',
  /** The right password of an account whose email change was undone: it logs in again after a password reset (403). */
  passwordResetRequired: 'Reset your password to log in again',
  /** Vote failure code of the elections calls. */
  updateKO: 'updateKO',
  /** A scribe's or a moderator's edit of someone else's text must say why (docs/product.md#version-history). */
  reasonRequired: 'A reason is required for this edit',
  /** A one-click unsubscribe link that is not one of ours or no longer matches its member. */
  invalidUnsubscribeLink: 'Invalid unsubscribe link',
  /** Candidate added without a user. */
  noUser: 'No user',
} as const;

export type ErrorKey = keyof typeof ErrorMessages;
export type ErrorMessage = (typeof ErrorMessages)[ErrorKey];

const keyByMessage = new Map<string, ErrorKey>(
  (Object.entries(ErrorMessages) as [ErrorKey, string][]).map(([key, message]) => [message, key]),
);

/** The catalogue key of a wire message, or undefined when the message is not in the catalogue. */
export function errorKeyOf(statusMessage: string): ErrorKey | undefined {
  return keyByMessage.get(statusMessage);
}

/** The error body every service answers with (docs/product.md#errors). */
export interface ErrorBody {
  statusCode: number;
  statusMessage: ErrorMessage;
  data?: unknown;
}
