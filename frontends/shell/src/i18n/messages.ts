import type { Locale } from '@civic/contracts';
import en from './en.json';
import fr from './fr.json';

export type Messages = Record<string, string>;

/** The shell's catalogues; remotes merge theirs on top (see the remotes' IntlProvider). */
export const catalogs: Record<Locale, Messages> = { en, fr };
