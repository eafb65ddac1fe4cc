/**
 * The account screens in a real browser against the running stack (E2E_BASE_URL), once in English
 * and once in French: registration with the form rules, the verification mail read from the stack's
 * mail catcher (E2E_MAIL_URL), profile and password changes, logout and login, account deletion
 * through the confirmation modal, and the owner-only guard of the user pages.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser.js';
import { waitForMailLink } from '../src/mail.js';
import { expectDescribedError, expectFocusedInvalid, openSession, waitForHeading } from '../src/session.js';
import { requireSharedStack, sharedStack } from '../src/shared-stack.js';
import { browserLocales, languages, type Lang } from '../src/languages.js';

const { baseUrl, mailUrl, seen: seenMails } = sharedStack;

/** Every text the test reads or clicks, per language. */
const texts = {
  en: {
    registerTitle: 'Create an account',
    registerLink: 'Register',
    email: 'Email address',
    userName: 'User name',
    password: 'Password',
    confirmation: 'Confirm the password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    registerSubmit: 'Create my account',
    required: 'This field is required',
    min3: 'Minimum 3 characters',
    min8: 'Minimum 8 characters',
    max64: 'Maximum 64 characters',
    invalidEmail: 'Invalid email address',
    mismatch: 'The password confirmation does not match',
    checkMailbox: 'Check your mailbox',
    verified: 'Your account is verified',
    linkError: 'Link error or expired token',
    countdown: /You will go to the home page in \d+ seconds?\./,
    settings: 'Settings',
    activity: 'My activity',
    logout: 'Log out',
    loggedOut: 'You are logged out.',
    login: 'Log in',
    settingsTitle: 'Your settings',
    saveProfile: 'Save my profile',
    profileSaved: 'Your profile has been saved.',
    changePassword: 'Change my password',
    passwordChanged: 'Your password has been changed.',
    incorrectPassword: 'Incorrect password',
    passwordTooCommon: 'This password is too common: choose another one',
    deletePassword: 'Your password',
    incorrectLogin: 'Incorrect email or password',
    identifyTitle: 'Log in or create an account',
    todoTitle: 'Your to-do list',
    nothingToDo: 'Nothing to do yet',
    activityOf: (name: string) => `Activity of ${name}`,
    memberSince: 'Member since',
    deleteTitle: 'Delete your account',
    deleteSubmit: 'Delete my account',
    confirmTitle: 'Delete your account?',
    yes: 'Yes',
    no: 'No',
    deleted: 'Your account has been deleted.',
    deletedTitle: 'Deleted account',
    deletedText: 'This account has been deleted.',
    errorTitle: 'Something went wrong',
    homeTitle: 'Share and co-create the laws',
    forgotPassword: 'Forgot your password?',
    passwordTitle: 'Forgotten password',
    sendLink: 'Send me a link',
    linkSent: 'We sent a link to',
    resetTitle: 'Choose a new password',
    resetDone: 'Your password has been changed. Log in',
    changeEmailTitle: 'Change your email address',
    newEmail: 'New email address',
    yourPassword: 'Your password',
    changeEmail: 'Change my email address',
    emailChanged: 'Your email address has changed',
    emailKept: 'Your email address is kept',
    undoSessionsEnded: 'every session of your account has ended',
    undoResetMailed: 'We mailed a password-reset link to this address',
    passwordResetRequired: 'Your email address was restored: choose a new password with the link mailed to it to log in again',
  },
  fr: {
    registerTitle: 'Créer un compte',
    registerLink: 'S’inscrire',
    email: 'Adresse e-mail',
    userName: 'Nom d’utilisateur',
    password: 'Mot de passe',
    confirmation: 'Confirmez le mot de passe',
    currentPassword: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    registerSubmit: 'Créer mon compte',
    required: 'Ce champ est obligatoire',
    min3: '3 caractères minimum',
    min8: '8 caractères minimum',
    max64: '64 caractères maximum',
    invalidEmail: 'Adresse e-mail invalide',
    mismatch: 'La confirmation du mot de passe ne correspond pas',
    checkMailbox: 'Consultez votre boîte aux lettres',
    verified: 'Votre compte est vérifié',
    linkError: 'Lien erroné ou jeton expiré',
    countdown: /Retour à la page d’accueil dans \d+ secondes?\./,
    settings: 'Paramètres',
    activity: 'Mon activité',
    logout: 'Se déconnecter',
    loggedOut: 'Votre session est fermée.',
    login: 'Se connecter',
    settingsTitle: 'Vos paramètres',
    saveProfile: 'Enregistrer mon profil',
    profileSaved: 'Votre profil a été enregistré.',
    changePassword: 'Changer mon mot de passe',
    passwordChanged: 'Votre mot de passe a été changé.',
    incorrectPassword: 'Mot de passe incorrect',
    passwordTooCommon: 'Ce mot de passe est trop courant\u202f: choisissez-en un autre',
    deletePassword: 'Votre mot de passe',
    incorrectLogin: 'Adresse e-mail ou mot de passe incorrect',
    identifyTitle: 'Se connecter ou créer un compte',
    todoTitle: 'Vos tâches',
    nothingToDo: 'Rien à faire pour l’instant',
    // French elides "de" before a vowel ("Activité d’alice").
    activityOf: (name: string) => `Activité ${/^[aeiouy]/i.test(name) ? `d’${name}` : `de ${name}`}`,
    memberSince: 'Membre depuis le',
    deleteTitle: 'Supprimer votre compte',
    deleteSubmit: 'Supprimer mon compte',
    confirmTitle: 'Supprimer votre compte\u202f?',
    yes: 'Oui',
    no: 'Non',
    deleted: 'Votre compte a été supprimé.',
    deletedTitle: 'Compte supprimé',
    deletedText: 'Ce compte a été supprimé.',
    errorTitle: 'Un problème est survenu',
    homeTitle: 'Partageons et co-créons les lois',
    forgotPassword: 'Mot de passe oublié\u202f?',
    passwordTitle: 'Mot de passe oublié',
    sendLink: 'Envoyez-moi un lien',
    linkSent: 'Nous avons envoyé un lien à',
    resetTitle: 'Choisissez un nouveau mot de passe',
    resetDone: 'Votre mot de passe a été changé. Connectez-vous',
    changeEmailTitle: 'Changer d’adresse e-mail',
    newEmail: 'Nouvelle adresse e-mail',
    yourPassword: 'Votre mot de passe',
    changeEmail: 'Changer mon adresse e-mail',
    emailChanged: 'Votre adresse e-mail a changé',
    emailKept: 'Votre adresse e-mail est conservée',
    undoSessionsEnded: 'toutes les sessions de votre compte sont fermées',
    undoResetMailed: 'Nous avons envoyé un lien de réinitialisation du mot de passe à cette adresse',
    passwordResetRequired: 'Votre adresse e-mail a été rétablie\u202f: choisissez un nouveau mot de passe avec le lien qui lui a été envoyé pour vous reconnecter',
  },
} as const;

type Texts = (typeof texts)[Lang];

let browser: Browser;
const contexts: BrowserContext[] = [];
const run = randomBytes(3).toString('hex');

/** A new session in `lang` at `path`; its context closes after the test. */
async function open(lang: Lang, path: string): Promise<{ page: Page; problems: string[] }> {
  const { context, page, problems } = await openSession(browser, { locale: browserLocales[lang] }, 10_000);
  contexts.push(context);
  await page.goto(`${baseUrl}${path}`);
  return { page, problems };
}

async function pathOf(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** The snackbar message with this text. */
async function snackbar(page: Page, text: string): Promise<void> {
  await page.locator('[data-snackbar]', { hasText: text }).waitFor();
}

function userMenu(page: Page, userName: string) {
  return page.locator('header').getByRole('button', { name: new RegExp(`^${userName}\\b`) });
}

async function openUserMenu(page: Page, userName: string): Promise<void> {
  const toggle = userMenu(page, userName);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Fills and sends the registration form; answers when "check your mailbox" shows. */
async function register(page: Page, t: Texts, account: { email: string; userName: string; password: string }) {
  await waitForHeading(page, t.registerTitle);
  await field(page, t.email).fill(account.email);
  await field(page, t.userName).fill(account.userName);
  await field(page, t.password).fill(account.password);
  await field(page, t.confirmation).fill(account.password);
  await page.getByRole('button', { name: t.registerSubmit }).click();
  await page.getByText(t.checkMailbox).waitFor();
}

/** Follows the verification link of the newest mail to `email`; answers the user's id from the menu. */
async function verifyFromMail(page: Page, t: Texts, email: string, userName: string): Promise<string> {
  const { link } = await waitForMailLink(mailUrl, email, '/verify-account', { seen: seenMails });
  expect(link.searchParams.get('token')).toBeTruthy();
  await page.goto(`${baseUrl}${link.pathname}${link.search}`);
  await page.getByText(t.verified).waitFor();
  await openUserMenu(page, userName);
  const href = await page.locator('header').getByRole('link', { name: t.activity }).getAttribute('href');
  const id = /^\/users\/([^/]+)\//.exec(href ?? '')?.[1];
  expect(id).toBeTruthy();
  await userMenu(page, userName).click(); // close it again
  return decodeURIComponent(id!);
}

beforeAll(async () => {
  requireSharedStack('the identity browser test reads the mail catcher of the stack');
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(() => browser?.close());

describe.each(languages)('account screens (%s)', (lang) => {
  const t = texts[lang];
  const first = {
    email: `olympe-${run}-${lang}@example.org`,
    userName: `Olympe ${lang} ${run}`,
    password: lang === 'fr' ? 'déclaration-1791' : 'declaration-1791',
  };
  const renamed = `Olympe de Gouges ${lang} ${run}`;
  const newPassword = lang === 'fr' ? 'droits-de-la-femme' : 'rights-of-woman';
  const second = { email: `marie-${run}-${lang}@example.org`, userName: `Marie ${lang} ${run}`, password: 'gouze-1748-montauban' };
  let firstId = '';
  let secondId = '';

  it('shows the form rules on the registration form', async () => {
    const { page, problems } = await open(lang, '/register');
    await waitForHeading(page, t.registerTitle);
    await page.getByRole('button', { name: t.registerSubmit }).click();
    expect(await page.getByText(t.required, { exact: true }).count()).toBe(4);
    // The first invalid field has the focus and names its error.
    const email = field(page, t.email);
    await expectFocusedInvalid(email);

    await email.fill('not-an-email');
    await page.getByText(t.invalidEmail, { exact: true }).waitFor();
    const userName = field(page, t.userName);
    await userName.fill('Ol');
    await page.getByText(t.min3, { exact: true }).waitFor();
    await page.getByText('2 / 64', { exact: true }).waitFor();
    await userName.fill('x'.repeat(65));
    await page.getByText(t.max64, { exact: true }).waitFor();
    await page.getByText('65 / 64', { exact: true }).waitFor();
    await field(page, t.password).fill('short');
    await page.getByText(t.min8, { exact: true }).waitFor();
    await field(page, t.password).fill('long enough');
    await field(page, t.confirmation).fill('long enougH');
    await page.getByText(t.mismatch, { exact: true }).waitFor();
    await expectDescribedError(page, email, t.invalidEmail);

    // A common password passes the form rules; the service refuses it and the field says why.
    await email.fill(`common-${run}-${lang}@example.org`);
    await userName.fill(`Common ${lang} ${run}`);
    await field(page, t.password).fill('iloveyou1');
    await field(page, t.confirmation).fill('iloveyou1');
    await page.getByRole('button', { name: t.registerSubmit }).click();
    const passwordError = page.locator('.field__error', { hasText: t.passwordTooCommon });
    await passwordError.waitFor();
    expect((await field(page, t.password).getAttribute('aria-describedby'))?.split(' ')[0]).toBe(await passwordError.getAttribute('id'));
    expect(problems).toEqual([]);
  });

  it('registers, verifies from the mail, edits the profile, changes the password, logs out and in again', async () => {
    const { page, problems } = await open(lang, '/');
    await waitForHeading(page, t.homeTitle);
    await page.locator('header').getByRole('link', { name: t.registerLink }).click();
    await register(page, t, first);

    firstId = await verifyFromMail(page, t, first.email, first.userName);

    // Profile: the user name.
    await openUserMenu(page, first.userName);
    await page.locator('header').getByRole('link', { name: t.settings, exact: true }).click();
    await waitForHeading(page, t.settingsTitle);
    await field(page, t.userName).fill(renamed);
    await page.getByRole('button', { name: t.saveProfile }).click();
    await snackbar(page, t.profileSaved);
    await userMenu(page, renamed).waitFor();
    await pathOf(page, `/users/${encodeURIComponent(firstId)}/${encodeURIComponent(renamed)}/settings`);

    // Password: a wrong current password first, then the right one.
    await field(page, t.currentPassword).fill('not my password');
    await field(page, t.newPassword).fill(newPassword);
    await field(page, t.confirmation).fill(newPassword);
    await page.getByRole('button', { name: t.changePassword }).click();
    await snackbar(page, t.incorrectPassword);
    await field(page, t.currentPassword).fill(first.password);
    await page.getByRole('button', { name: t.changePassword }).click();
    await snackbar(page, t.passwordChanged);
    expect(await field(page, t.currentPassword).inputValue()).toBe('');

    // Logout from the header menu.
    await openUserMenu(page, renamed);
    await page.locator('header').getByRole('button', { name: t.logout }).click();
    await snackbar(page, t.loggedOut);
    await page.locator('header').getByRole('link', { name: t.login, exact: true }).waitFor();
    await pathOf(page, '/');

    // A members-only page sends the visitor to /identify, and back after logging in.
    await page.goto(`${baseUrl}/protected`);
    await waitForHeading(page, t.identifyTitle);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/protected');
    await page.locator('main').getByRole('link', { name: t.login, exact: true }).click();
    await field(page, t.email).fill(first.email);
    await field(page, t.password).fill(first.password); // the old password no longer works
    await page.locator('main').getByRole('button', { name: t.login }).click();
    await snackbar(page, t.incorrectLogin);
    await field(page, t.password).fill(newPassword);
    await page.locator('main').getByRole('button', { name: t.login }).click();
    await waitForHeading(page, t.todoTitle);
    await pathOf(page, '/protected');
    await page.getByText(t.nothingToDo).waitFor();
    await userMenu(page, renamed).waitFor();

    // The session survives a reload (restored from the cookies).
    await page.reload();
    await userMenu(page, renamed).waitFor();

    // The activity page is open to anyone.
    await openUserMenu(page, renamed);
    await page.locator('header').getByRole('link', { name: t.activity }).click();
    await waitForHeading(page, t.activityOf(renamed));
    await page.getByText(t.memberSince).waitFor();
    expect(problems).toEqual([]);
  }, 90_000);

  it('registers and verifies a second account, deletes it through the modal, and shows its profile as deleted', async () => {
    const { page, problems } = await open(lang, '/register');
    await register(page, t, second);
    secondId = await verifyFromMail(page, t, second.email, second.userName);

    await page.goto(`${baseUrl}/users/${encodeURIComponent(secondId)}/${encodeURIComponent(second.userName)}/delete-account`);
    await waitForHeading(page, t.deleteTitle);
    const deleteButton = page.locator('main').getByRole('button', { name: t.deleteSubmit, exact: true });
    const password = field(page, t.deletePassword);

    // The password is asked first: without it the field says so; a wrong one is refused under it.
    await deleteButton.click();
    await page.getByText(t.required, { exact: true }).waitFor();
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    await password.fill('not my password');
    await deleteButton.click();
    await page.getByRole('alertdialog', { name: t.confirmTitle }).getByRole('button', { name: t.yes, exact: true }).click();
    await snackbar(page, t.incorrectPassword);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await password.fill(second.password);

    // Escape answers No: nothing happens.
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: t.confirmTitle });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.no);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.yes);
    await page.keyboard.press('Tab'); // focus stays inside the modal
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.no);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await userMenu(page, second.userName).waitFor();
    // The asking side reads the answer at its next 100 ms poll (the spec's modal poll): until then the
    // form is still busy with this question and takes no new submit.
    await page.waitForTimeout(150);

    // Yes deletes the account and logs out.
    await deleteButton.click();
    await dialog.getByRole('button', { name: t.yes, exact: true }).click();
    await snackbar(page, t.deleted);
    await pathOf(page, '/');
    await waitForHeading(page, t.homeTitle);
    await page.locator('header').getByRole('link', { name: t.login, exact: true }).waitFor();

    await page.reload();
    await page.locator('header').getByRole('link', { name: t.login, exact: true }).waitFor();

    await page.goto(`${baseUrl}/users/${encodeURIComponent(secondId)}/${encodeURIComponent(second.userName)}/activity`);
    await waitForHeading(page, t.deletedTitle);
    await page.getByText(t.deletedText).waitFor();

    // Its credentials no longer log in.
    await page.goto(`${baseUrl}/login`);
    await field(page, t.email).fill(second.email);
    await field(page, t.password).fill(second.password);
    await page.locator('main').getByRole('button', { name: t.login }).click();
    await snackbar(page, t.incorrectLogin);
    expect(problems).toEqual([]);
  }, 90_000);

  it('sends another user, and a visitor, from a user’s settings to /error', async () => {
    expect(firstId && secondId).toBeTruthy();
    const { page } = await open(lang, '/login');
    await field(page, t.email).fill(first.email);
    await field(page, t.password).fill(newPassword);
    await page.locator('main').getByRole('button', { name: t.login }).click();
    await userMenu(page, renamed).waitFor();

    await page.goto(`${baseUrl}/users/${encodeURIComponent(secondId)}/${encodeURIComponent(second.userName)}/settings`);
    await pathOf(page, '/error');
    await waitForHeading(page, t.errorTitle);

    // Their own settings open.
    await page.goto(`${baseUrl}/users/${encodeURIComponent(firstId)}/${encodeURIComponent(renamed)}/settings`);
    await waitForHeading(page, t.settingsTitle);

    const visitor = await open(lang, `/users/${encodeURIComponent(firstId)}/${encodeURIComponent(renamed)}/delete-account`);
    await pathOf(visitor.page, '/error');
    await waitForHeading(visitor.page, t.errorTitle);
  });

  it('resets a forgotten password from the mail, changes the email address through the link sent to it, and undoes the change from the old address, which needs a new password', async () => {
    expect(firstId).toBeTruthy();
    const { page, problems } = await open(lang, '/login');
    await page.getByRole('link', { name: t.forgotPassword }).click();
    await waitForHeading(page, t.passwordTitle);
    await field(page, t.email).fill(first.email);
    await page.getByRole('button', { name: t.sendLink }).click();
    await page.getByText(t.linkSent).waitFor();

    const reset = await waitForMailLink(mailUrl, first.email, '/password', { seen: seenMails });
    await page.goto(`${baseUrl}${reset.link.pathname}${reset.link.search}`);
    await waitForHeading(page, t.resetTitle);
    const resetPassword = `${newPassword}-again`;
    await field(page, t.newPassword).fill(resetPassword);
    await field(page, t.confirmation).fill(resetPassword);
    await page.getByRole('button', { name: t.changePassword }).click();
    await page.getByText(t.resetDone).waitFor();
    await page.locator('main').getByRole('link', { name: t.login, exact: true }).click();
    await field(page, t.email).fill(first.email);
    await field(page, t.password).fill(resetPassword);
    await page.locator('main').getByRole('button', { name: t.login }).click();
    await userMenu(page, renamed).waitFor();

    const newEmail = `olympe-${run}-${lang}-new@example.org`;
    await page.goto(`${baseUrl}/change-email`);
    await waitForHeading(page, t.changeEmailTitle);
    await field(page, t.newEmail).fill(newEmail);
    await field(page, t.yourPassword).fill(resetPassword);
    await page.getByRole('button', { name: t.changeEmail }).click();
    await page.getByText(t.linkSent).waitFor();
    const confirm = await waitForMailLink(mailUrl, newEmail, '/change-email', { seen: seenMails });
    await page.goto(`${baseUrl}${confirm.link.pathname}${confirm.link.search}`);
    await page.getByText(t.emailChanged).waitFor();
    await page.getByText(newEmail).waitFor();

    // The notice sent to the old address undoes the change: the address comes back, every session ends,
    // and a reset link goes to that address.
    const notice = await waitForMailLink(mailUrl, first.email, '/change-email/undo', { seen: seenMails });
    await page.goto(`${baseUrl}${notice.link.pathname}${notice.link.search}`);
    await page.getByText(t.emailKept).waitFor();
    await page.getByText(t.undoSessionsEnded).waitFor();
    await page.getByText(t.undoResetMailed).waitFor();
    await page.locator('header').getByRole('link', { name: t.login, exact: true }).waitFor();

    // Whoever changed the address may know the password: it no longer logs in.
    await page.locator('main').getByRole('link', { name: t.login, exact: true }).click();
    await field(page, t.email).fill(first.email);
    await field(page, t.password).fill(resetPassword);
    await page.locator('main').getByRole('button', { name: t.login }).click();
    await snackbar(page, t.passwordResetRequired);
    await page.locator('header').getByRole('link', { name: t.login, exact: true }).waitFor();

    // The link mailed to the restored address sets a new password, which logs in.
    const restored = await waitForMailLink(mailUrl, first.email, '/password', { seen: seenMails });
    await page.goto(`${baseUrl}${restored.link.pathname}${restored.link.search}`);
    await waitForHeading(page, t.resetTitle);
    const restoredPassword = `${resetPassword}-restored`;
    await field(page, t.newPassword).fill(restoredPassword);
    await field(page, t.confirmation).fill(restoredPassword);
    await page.getByRole('button', { name: t.changePassword }).click();
    await page.getByText(t.resetDone).waitFor();
    await page.locator('main').getByRole('link', { name: t.login, exact: true }).click();
    await field(page, t.email).fill(first.email);
    await field(page, t.password).fill(restoredPassword);
    await page.locator('main').getByRole('button', { name: t.login }).click();
    await userMenu(page, renamed).waitFor();
    expect(problems).toEqual([]);
  }, 90_000);

  it('shows an expired verification link with a countdown, then goes home', async () => {
    const { page } = await open(lang, '/verify-account?token=expired-or-forged');
    await page.getByText(t.linkError).waitFor();
    const countdown = page.locator('[data-countdown]');
    expect(await countdown.textContent()).toMatch(t.countdown);
    const start = Number(await countdown.getAttribute('data-countdown'));
    expect(start).toBeGreaterThan(5);
    await page.waitForFunction((value) => Number(document.querySelector('[data-countdown]')?.getAttribute('data-countdown')) < value, start);
    await pathOf(page, '/');
    await waitForHeading(page, t.homeTitle);
  }, 30_000);
});
