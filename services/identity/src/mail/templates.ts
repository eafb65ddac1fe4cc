import type { Locale } from '@civic/contracts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface LinkMail {
  userName: string;
  link: string;
  /** How long the link works, already in words of the mail's language would be nicer; hours or minutes suffice. */
  validFor: { days: number } | { hours: number } | { minutes: number };
}

/** The notice to the old address of an email change. */
export interface EmailUndoMail extends LinkMail {
  newEmail: string;
}

/** French sets a narrow no-break space before two-part punctuation (: ; ! ?). */
const NARROW_NBSP = '\u202f';
const colon = (locale: Locale) => (locale === 'fr' ? `${NARROW_NBSP}:` : ':');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function duration(locale: Locale, validFor: LinkMail['validFor']): string {
  if ('days' in validFor) {
    const n = validFor.days;
    return locale === 'fr' ? `${n} jour${n > 1 ? 's' : ''}` : `${n} day${n > 1 ? 's' : ''}`;
  }
  if ('hours' in validFor) {
    const n = validFor.hours;
    return locale === 'fr' ? `${n} heure${n > 1 ? 's' : ''}` : `${n} hour${n > 1 ? 's' : ''}`;
  }
  const n = validFor.minutes;
  return locale === 'fr' ? `${n} minute${n > 1 ? 's' : ''}` : `${n} minute${n > 1 ? 's' : ''}`;
}

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  validity: (duration: string) => string;
  ignore: string;
}

/** What every link mail of a language says alike (the undo notice words its validity itself). */
const common: Record<Locale, Pick<Texts, 'greeting' | 'validity'>> = {
  en: { greeting: (name) => `Hello ${name},`, validity: (d) => `This link works for ${d}.` },
  fr: { greeting: (name) => `Bonjour ${name},`, validity: (d) => `Ce lien est valable ${d}.` },
};

/** A mail's own words in each language. */
type MailTexts = Omit<Texts, 'greeting' | 'validity'> & Partial<Pick<Texts, 'validity'>>;

const verification: Record<Locale, MailTexts> = {
  en: {
    subject: 'Confirm your account',
    body: 'Welcome! Please confirm your email address to activate your account.',
    action: 'Activate my account',
    ignore: 'If you did not create an account, you can ignore this message.',
  },
  fr: {
    subject: 'Confirmez votre compte',
    body: 'Bienvenue\u202f! Merci de confirmer votre adresse e-mail pour activer votre compte.',
    action: 'Activer mon compte',
    ignore: "Si vous n'avez pas créé de compte, vous pouvez ignorer ce message.",
  },
};

const passwordReset: Record<Locale, MailTexts> = {
  en: {
    subject: 'Reset your password',
    body: 'Someone asked to reset the password of your account. Choose a new password with the link below.',
    action: 'Choose a new password',
    ignore: 'If you did not ask for it, ignore this message: your password stays the same.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    body: 'Une réinitialisation du mot de passe de votre compte a été demandée. Choisissez un nouveau mot de passe avec le lien ci-dessous.',
    action: 'Choisir un nouveau mot de passe',
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u202f: votre mot de passe reste inchangé.",
  },
};

const emailChange: Record<Locale, MailTexts> = {
  en: {
    subject: 'Confirm your new email address',
    body: 'Please confirm that this address is the new email address of your account.',
    action: 'Confirm my new address',
    ignore: 'If you did not ask for this change, ignore this message: nothing will change.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    body: 'Merci de confirmer que cette adresse est la nouvelle adresse e-mail de votre compte.',
    action: 'Confirmer ma nouvelle adresse',
    ignore: "Si vous n'avez pas demandé ce changement, ignorez ce message\u202f: rien ne changera.",
  },
};

const emailUndo: Record<Locale, Omit<MailTexts, 'body'> & { body: (newEmail: string) => string }> = {
  en: {
    subject: 'Your email address is about to change',
    body: (newEmail) => `Someone asked to change the email address of your account to ${newEmail}. The account will use that address once the link sent there is followed.`,
    action: 'It was not me: keep my address',
    validity: (d) => `This link works for ${d}, even after the change: it brings this address back and ends every session of the account.`,
    ignore: 'If you asked for this change, there is nothing to do.',
  },
  fr: {
    subject: 'Votre adresse e-mail va changer',
    body: (newEmail) => `Le changement de l’adresse e-mail de votre compte pour ${newEmail} a été demandé. Le compte utilisera cette adresse dès que le lien qui y a été envoyé sera suivi.`,
    action: 'Ce n’était pas moi\u202f: garder mon adresse',
    validity: (d) => `Ce lien est valable ${d}, même après le changement\u202f: il rétablit cette adresse et ferme toutes les sessions du compte.`,
    ignore: 'Si vous avez demandé ce changement, vous n’avez rien à faire.',
  },
};

function render(own: MailTexts, locale: Locale, mail: LinkMail): MailContent {
  const texts: Texts = { ...common[locale], ...own };
  const validity = texts.validity(duration(locale, mail.validFor));
  const text = [texts.greeting(mail.userName), '', texts.body, '', `${texts.action}${colon(locale)}`, mail.link, '', validity, texts.ignore, ''].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}"><body>`,
    `<p>${escapeHtml(texts.greeting(mail.userName))}</p>`,
    `<p>${escapeHtml(texts.body)}</p>`,
    `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(texts.action)}</a></p>`,
    `<p>${escapeHtml(validity)}<br>${escapeHtml(texts.ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: texts.subject, text, html };
}

export const verificationMail = (locale: Locale, mail: LinkMail) => render(verification[locale], locale, mail);
export const passwordResetMail = (locale: Locale, mail: LinkMail) => render(passwordReset[locale], locale, mail);
export const emailChangeMail = (locale: Locale, mail: LinkMail) => render(emailChange[locale], locale, mail);
export const emailUndoMail = (locale: Locale, mail: EmailUndoMail) => render({ ...emailUndo[locale], body: emailUndo[locale].body(mail.newEmail) }, locale, mail);
