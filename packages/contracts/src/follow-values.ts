/**
 * Plain values of following (docs/product.md#following) that the front ends use at run time. No
 * TypeBox here (docs/architecture.md#front-ends): the schemas live in `follows.ts`, which re-exports these.
 */

/** The most follows GET /api/users/notifications/follows answers. */
export const followListMaxSize = 500;

/** What a member can follow: a proposal, which keeps its id when it becomes a law. */
export const followedDocumentKinds = ['proposal', 'law'] as const;
export type FollowedDocumentKind = (typeof followedDocumentKinds)[number];

/** How often a member gets the digest mail of what they follow. */
export const digestFrequencies = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof digestFrequencies)[number];
