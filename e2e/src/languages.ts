/** The languages every screen is tested in, and the browser locale each is tested with. */
export const languages = ['en', 'fr'] as const;
export type Lang = (typeof languages)[number];
export const browserLocales: Record<Lang, string> = { en: 'en-US', fr: 'fr-FR' };
