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

/** A mail without a link to follow: greeting, paragraphs, an optional link with its words. */
function notice(locale: Locale, userName: string, paragraphs: string[], subject: string, link?: { action: string; url: string }): MailContent {
  const greeting = common[locale].greeting(userName);
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), ...(link ? [`${link.action}${colon(locale)}`, link.url, ''] : [])].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}"><body>`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.action)}</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The mail to a member whose account is being attacked: sent once when guesses from unknown places lock it. */
export interface LoginAttackMail {
  userName: string;
  /** How long logins from unknown places are paused. */
  minutes: number;
  /** The page that sends a password-reset link (`/password`). */
  resetPage: string;
}

export function loginAttackMail(locale: Locale, mail: LoginAttackMail): MailContent {
  const pause = duration(locale, { minutes: mail.minutes });
  if (locale === 'fr') {
    return notice(
      'fr',
      mail.userName,
      [
        `De nombreux mots de passe erronés ont été essayés pour votre compte depuis des appareils et des adresses que vous n’avez jamais utilisés. Les connexions depuis ces endroits sont suspendues pendant ${pause}.`,
        'Vous pouvez toujours vous connecter depuis les appareils et les adresses d’où vous vous êtes déjà connecté. Votre mot de passe n’a pas été trouvé. Si vous l’utilisez ailleurs, ou pour lever la suspension tout de suite, choisissez-en un nouveau.',
      ],
      'Quelqu’un essaie de se connecter à votre compte',
      { action: 'Choisir un nouveau mot de passe', url: mail.resetPage },
    );
  }
  return notice(
    'en',
    mail.userName,
    [
      `Many wrong passwords were tried for your account from devices and addresses you have never used. Logins from those places are paused for ${pause}.`,
      'You can still log in from the devices and addresses you logged in from before. Your password was not found. If you use it elsewhere, or to lift the pause at once, choose a new one.',
    ],
    'Someone is trying to log in to your account',
    { action: 'Choose a new password', url: mail.resetPage },
  );
}

/** To the owner of an address another member asked to move their account to (the request was refused without saying why). */
export function addressInUseMail(locale: Locale, mail: { userName: string }): MailContent {
  if (locale === 'fr') {
    return notice(
      'fr',
      mail.userName,
      [
        'Un autre compte a demandé à utiliser cette adresse e-mail, qui est celle de votre compte. Rien n’a changé\u202f: votre compte garde son adresse, et l’autre compte ne l’aura pas.',
        'Vous n’avez rien à faire.',
      ],
      'Votre adresse e-mail a été demandée par un autre compte',
    );
  }
  return notice(
    'en',
    mail.userName,
    ['Another account asked to use this email address, which is your account’s. Nothing changed: your account keeps its address, and the other account will not get it.', 'There is nothing to do.'],
    'Your email address was asked for by another account',
  );
}

const emailRestored: Record<Locale, MailTexts> = {
  en: {
    subject: 'Your email address is back: choose a new password',
    body: 'The change of your account’s email address was undone: this address is the account’s again and every session was ended. To log in again, choose a new password with the link below.',
    action: 'Choose a new password',
    ignore: 'If the link has expired, ask for a new one on the login page (“Forgot your password?”).',
  },
  fr: {
    subject: 'Votre adresse e-mail est rétablie\u202f: choisissez un nouveau mot de passe',
    body: 'Le changement de l’adresse e-mail de votre compte a été annulé\u202f: cette adresse est de nouveau celle du compte et toutes les sessions ont été fermées. Pour vous reconnecter, choisissez un nouveau mot de passe avec le lien ci-dessous.',
    action: 'Choisir un nouveau mot de passe',
    ignore: 'Si le lien a expiré, demandez-en un nouveau sur la page de connexion («\u202fMot de passe oublié\u202f?\u202f»).',
  },
};

/** After an undone email change: the reset link the account needs to log in again. */
export const emailRestoredMail = (locale: Locale, mail: LinkMail) => render(emailRestored[locale], locale, mail);

/** One item of a digest mail: an alert about followed content (notifications.digest.composed). */
export interface DigestMailItem {
  messageKey: string;
  params: Record<string, string | number>;
  /** Shell route, or null. */
  link: string | null;
}

export interface DigestMail {
  userName: string;
  period: 'daily' | 'weekly';
  items: DigestMailItem[];
  /** Older items left out of the mail. */
  more: number;
  /** The site's origin (PUBLIC_URL): item links are `${publicUrl}${link}`. */
  publicUrl: string;
  /** The one-click unsubscribe page with its token. */
  unsubscribeUrl: string;
}

const quoted = (locale: Locale, title: string | number) => (locale === 'fr' ? `«${NARROW_NBSP}${title}${NARROW_NBSP}»` : `“${title}”`);

function digestDate(locale: Locale, iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  // The platform's time, as every page shows it (docs/product.md: phases run on Paris time).
  const text = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(date);
  return locale === 'fr' ? `${text} (heure de Paris)` : `${text} (Paris time)`;
}

/** The sentence of each alert about followed content, as the shell words it (notifications.message.*). */
const digestSentences: Record<Locale, (key: string, p: Record<string, string | number>) => string> = {
  en: (key, p) => {
    const title = quoted('en', p['title'] ?? '');
    switch (key) {
      case 'followedEdited':
        return `A text you follow was edited: ${title}.`;
      case 'followedSelected':
        return `The proposal ${title} you follow was selected (rank ${p['rank']}): it becomes a law to write.`;
      case 'followedSecondChance':
        return `The proposal ${title} you follow gets a second chance: it joins the next vote.`;
      case 'followedNotSelected':
        return `The proposal ${title} you follow was not selected.`;
      case 'followedAdopted':
        return p['seal'] ? `The law ${title} you follow was adopted (seal ${p['seal']}).` : `The law ${title} you follow was adopted.`;
      case 'followedRejected':
        return `The law ${title} you follow was rejected.`;
      case 'followedFinalVoteClosing':
        return `The final vote on ${title}, which you follow, closes on ${digestDate('en', p['endsAt'] ?? '')}: vote while there is time.`;
      default:
        return 'Something you follow changed.';
    }
  },
  fr: (key, p) => {
    const title = quoted('fr', p['title'] ?? '');
    const c = colon('fr');
    switch (key) {
      case 'followedEdited':
        return `Un texte que vous suivez a été modifié${c} ${title}.`;
      case 'followedSelected':
        return `La proposition ${title} que vous suivez a été retenue (rang ${p['rank']})${c} elle devient une loi à rédiger.`;
      case 'followedSecondChance':
        return `La proposition ${title} que vous suivez a une seconde chance${c} elle rejoint le prochain vote.`;
      case 'followedNotSelected':
        return `La proposition ${title} que vous suivez n’a pas été retenue.`;
      case 'followedAdopted':
        return p['seal'] ? `La loi ${title} que vous suivez a été adoptée (sceau ${p['seal']}).` : `La loi ${title} que vous suivez a été adoptée.`;
      case 'followedRejected':
        return `La loi ${title} que vous suivez a été rejetée.`;
      case 'followedFinalVoteClosing':
        return `Le vote final sur ${title}, que vous suivez, se termine le ${digestDate('fr', p['endsAt'] ?? '')}${c} votez tant qu’il est temps.`;
      default:
        return 'Du nouveau sur ce que vous suivez.';
    }
  },
};

const digestTexts: Record<
  Locale,
  { subject: (period: DigestMail['period'], n: number) => string; intro: string; more: (n: number) => string; open: string; unsubscribe: string; why: string }
> = {
  en: {
    subject: (period, n) => `Your ${period} digest: ${n} update${n > 1 ? 's' : ''}`,
    intro: 'Here is what happened to the proposals and laws you follow.',
    more: (n) => `And ${n} more update${n > 1 ? 's' : ''} on the site.`,
    open: 'Open',
    unsubscribe: 'Stop these digest mails',
    why: 'You get this mail because you chose a digest of what you follow in your profile.',
  },
  fr: {
    subject: (period, n) => `Votre résumé ${period === 'daily' ? 'quotidien' : 'hebdomadaire'}${NARROW_NBSP}: ${n} nouveauté${n > 1 ? 's' : ''}`,
    intro: 'Voici ce qui est arrivé aux propositions et aux lois que vous suivez.',
    more: (n) => `Et ${n} autre${n > 1 ? 's' : ''} nouveauté${n > 1 ? 's' : ''} sur le site.`,
    open: 'Ouvrir',
    unsubscribe: 'Ne plus recevoir ces résumés',
    why: 'Vous recevez ce message parce que vous avez choisi un résumé de ce que vous suivez dans votre profil.',
  },
};

/** The digest mail of followed content, in the member's language, each item linked, with its one-click unsubscribe link. */
export function digestMail(locale: Locale, mail: DigestMail): MailContent {
  const texts = digestTexts[locale];
  const origin = mail.publicUrl.replace(/\/$/, '');
  const items = mail.items.map((item) => ({ sentence: digestSentences[locale](item.messageKey, item.params), url: item.link ? `${origin}${item.link}` : null }));
  const count = mail.items.length + mail.more;
  const greeting = common[locale].greeting(mail.userName);
  const moreLine = mail.more > 0 ? texts.more(mail.more) : null;
  const text = [
    greeting,
    '',
    texts.intro,
    '',
    ...items.map((item) => (item.url ? `- ${item.sentence}\n  ${item.url}` : `- ${item.sentence}`)),
    ...(moreLine ? ['', moreLine] : []),
    '',
    texts.why,
    `${texts.unsubscribe}${colon(locale)} ${mail.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}"><body>`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(texts.intro)}</p>`,
    '<ul>',
    ...items.map((item) => `<li>${escapeHtml(item.sentence)}${item.url ? ` <a href="${escapeHtml(item.url)}">${escapeHtml(texts.open)}</a>` : ''}</li>`),
    '</ul>',
    ...(moreLine ? [`<p>${escapeHtml(moreLine)}</p>`] : []),
    `<p>${escapeHtml(texts.why)}<br><a href="${escapeHtml(mail.unsubscribeUrl)}">${escapeHtml(texts.unsubscribe)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: texts.subject(mail.period, count), text, html };
}
