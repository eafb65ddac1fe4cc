/** Business constants that both ends use (docs/product.md#limits). */
export const Limits = {
  notificationPageSize: 50,
  proposalTitle: { min: 3, max: 256 },
  proposalDescription: { min: 3, max: 600 },
  chatMessage: { min: 1, max: 250 },
  password: { min: 8, max: 128 },
  userName: { min: 3, max: 64 },
  startMinVerifiedUsers: 150,
  startMinProposals: 10,
  modalPollMs: 100,
  snackbarDefaultMs: 4000,
  localeCookieDays: 365,
  chunkReloadGuardMs: 10_000,
} as const;

/** The longest text of an article or an amendment, in characters (the HTTP edit and live typing alike). */
export const ARTICLE_BODY_MAX = 5000;

/** The bounds of the words searched (docs/product.md#search; the form sends its title and the start of its description). */
export const SearchLimits = { similarQuery: { min: 2, max: 300 }, listQuery: { min: 1, max: 300 }, similarResults: 5 } as const;

export const locales = ['en', 'fr'] as const;
export type Locale = (typeof locales)[number];
export const localeCookieName = 'locale';
