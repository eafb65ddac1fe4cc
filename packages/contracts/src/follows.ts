/**
 * HTTP shapes of following a proposal or a law, the follow preferences and the digest's one-click
 * unsubscribe (notifications service, docs/product.md#following). Each shape is a TypeBox schema the
 * routes validate and serialise with; its type is derived from it.
 */
import Type, { type Static } from 'typebox';
import { digestFrequencies, followedDocumentKinds, followListMaxSize } from './follow-values.js';
import { DateTime, Id, literals } from './http-schemas.js';

export { digestFrequencies, followedDocumentKinds, followListMaxSize, type DigestFrequency, type FollowedDocumentKind } from './follow-values.js';

/** The `{documentId}` of the calls on one follow: a proposal or law id. */
export const FollowParamsSchema = Type.Object({ documentId: Id });
export type FollowParams = Static<typeof FollowParamsSchema>;

/** GET, PUT and DELETE /api/users/notifications/follows/{documentId}. */
export const FollowStateSchema = Type.Object({ following: Type.Boolean() });
export type FollowState = Static<typeof FollowStateSchema>;

/** One followed proposal or law. */
export const FollowSchema = Type.Object({
  documentId: Id,
  kind: literals(followedDocumentKinds),
  title: Type.String(),
  followedAt: DateTime,
});
export type Follow = Static<typeof FollowSchema>;

/** GET /api/users/notifications/follows: what the member follows, newest first, at most 500. */
export const FollowListSchema = Type.Object({ follows: Type.Array(FollowSchema, { maxItems: followListMaxSize }) });
export type FollowList = Static<typeof FollowListSchema>;

/**
 * GET and PUT /api/users/notifications/preferences: which alerts of followed content the member gets
 * (`edits`, `results`, `closing`: the values of `followAlertKinds`) and how often the digest mail comes.
 */
export const FollowPreferencesSchema = Type.Object(
  {
    edits: Type.Boolean(),
    results: Type.Boolean(),
    closing: Type.Boolean(),
    digest: literals(digestFrequencies),
  },
  { additionalProperties: false },
);
export type FollowPreferences = Static<typeof FollowPreferencesSchema>;

/** POST /api/users/notifications/digest/unsubscribe: the token of the digest mail's link (no login). */
export const DigestUnsubscribeBodySchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false },
);
export type DigestUnsubscribeBody = Static<typeof DigestUnsubscribeBodySchema>;

/** The answer of POST /api/users/notifications/digest/unsubscribe. */
export const DigestUnsubscribedSchema = Type.Object({ digest: Type.Literal('off') });
export type DigestUnsubscribed = Static<typeof DigestUnsubscribedSchema>;
