import { useIntl } from 'react-intl';

/**
 * The few words the design components say themselves, in both languages. Kept here rather than in
 * the apps' catalogues: the components are shared by the shell and the remotes, each with its own
 * messages, and must read the same in all of them.
 */
const words = {
  en: { close: 'Close', now: 'Now', votes: 'votes', current: 'current phase', done: 'finished', upcoming: 'upcoming', unread: 'unread' },
  fr: { close: 'Fermer', now: 'Maintenant', votes: 'voix', current: 'phase en cours', done: 'terminée', upcoming: 'à venir', unread: 'non lus' },
};

export type KitWords = (typeof words)['en'];

export function kitWords(locale: string): KitWords {
  return locale.toLowerCase().startsWith('fr') ? words.fr : words.en;
}

export function useKitWords(): KitWords {
  return kitWords(useIntl().locale);
}
