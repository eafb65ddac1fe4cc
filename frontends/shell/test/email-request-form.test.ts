/**
 * The e-mail request form shared by sending the verification link again, asking for a password reset
 * and asking for an address change: what it renders in English and French (labels, submit text,
 * the password only where asked, its accessibility attributes), and what one request shows (the
 * address trimmed for the notice, an API error under the field it concerns or in the snackbar only).
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { ErrorMessages } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import { SnackbarProvider } from '../src/feedback/Snackbar.js';
import { EmailRequestForm, requestEmail, type EmailRequestFormProps } from '../src/forms/EmailRequestForm.js';
import { changeEmailErrorFields } from '../src/screens/account/EmailChangeScreens.js';
import { requestErrorFields } from '../src/screens/account/PasswordScreen.js';
import { PasswordScreen, VerifyAccountScreen } from '../src/screens/AccountScreens.js';

type Locale = 'en' | 'fr';

async function catalog(locale: Locale): Promise<Record<string, string>> {
  const module = (await import(new URL(`../src/i18n/${locale}.json`, import.meta.url).href, { with: { type: 'json' } })) as { default: Record<string, string> };
  return module.default;
}
const catalogs = { en: await catalog('en'), fr: await catalog('fr') };

function render(locale: Locale, node: ReactNode, path = '/'): string {
  return renderToStaticMarkup(
    h(IntlProvider, { locale, messages: catalogs[locale] }, h(MemoryRouter, { initialEntries: [path] }, h(SnackbarProvider, null, node))),
  );
}

/** The markup's inputs, each as its attributes. */
function inputs(markup: string): Record<string, string>[] {
  return [...markup.matchAll(/<input ([^>]*)\/?>/g)].map((match) =>
    Object.fromEntries([...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((attribute) => [attribute[1]!, attribute[2]!])),
  );
}

/** The label texts, in order. */
function labels(markup: string): string[] {
  return [...markup.matchAll(/<label [^>]*>([^<]*)<\/label>/g)].map((match) => match[1]!);
}

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

const noSend = async () => undefined;

describe.each(['en', 'fr'] as const)('the e-mail request form (%s)', (locale) => {
  const m = catalogs[locale];
  const props = (more: Partial<EmailRequestFormProps> = {}): EmailRequestFormProps => ({
    emailLabel: m['form.email']!,
    submitText: m['password.request.submit']!,
    sentText: (email) => email,
    send: noSend,
    ...more,
  });

  it('asks for the address alone, as a required email field the browser may fill, with the given submit text', () => {
    const markup = render(locale, h(EmailRequestForm, props()));
    // The form checks its own fields: no browser bubbles, in either language.
    expect(markup).toMatch(/<form class="form" noValidate="">/);
    expect(labels(markup)).toEqual([m['form.email']]);
    expect(inputs(markup)).toEqual([expect.objectContaining({ name: 'email', type: 'email', autoComplete: 'email', 'aria-required': 'true' })]);
    expect(markup).toContain(`<button type="submit" class="submit">${escaped(m['password.request.submit']!)}</button>`);
  });

  it('asks for the current password under the address when the request needs it, after what comes before the form', () => {
    const markup = render(
      locale,
      h(
        EmailRequestForm,
        props({ emailLabel: m['changeEmail.newEmail']!, passwordLabel: m['changeEmail.password']!, submitText: m['changeEmail.submit']! }),
        h('p', { id: 'current' }, 'current@example.org'),
      ),
    );
    expect(labels(markup)).toEqual([m['changeEmail.newEmail'], m['changeEmail.password']]);
    expect(inputs(markup).map((input) => [input.name, input.type, input.autoComplete])).toEqual([
      ['email', 'email', 'email'],
      ['password', 'password', 'current-password'],
    ]);
    expect(markup.indexOf('id="current"')).toBeLessThan(markup.indexOf('<form'));
    expect(markup).toContain(escaped(m['changeEmail.submit']!));
  });

  it('serves the verification and password-reset screens with their own texts', () => {
    const resend = render(locale, h(VerifyAccountScreen), '/verify-account');
    expect(resend).toContain(escaped(m['verifyAccount.resend.title']!));
    expect(resend).toContain(escaped(m['verifyAccount.resend.submit']!));
    expect(labels(resend)).toEqual([m['form.email']]);
    const reset = render(locale, h(PasswordScreen), '/password');
    expect(reset).toContain(escaped(m['password.title']!));
    expect(reset).toContain(escaped(m['password.request.submit']!));
    expect(labels(reset)).toEqual([m['form.email']]);
  });
});

describe('one e-mail request', () => {
  it('sends the address trimmed and the password as typed, and shows the trimmed address', async () => {
    const sent: [string, string][] = [];
    const result = await requestEmail(
      async (email, password) => {
        sent.push([email, password]);
      },
      { email: '  olympe@example.org ', password: ' secret ' },
      {},
    );
    expect(sent).toEqual([['olympe@example.org', ' secret ']]);
    expect(result).toEqual({ sentTo: 'olympe@example.org' });
  });

  const failing = (message: string) => async () => {
    throw new ApiError(400, message);
  };

  it('puts an unknown address under the field of the password-reset request', async () => {
    const result = await requestEmail(failing(ErrorMessages.unknownEmail), { email: 'a@b.org', password: '' }, requestErrorFields);
    expect(result).toMatchObject({ error: { key: 'unknownEmail' }, field: { name: 'email', error: { id: 'error.unknownEmail' } } });
  });

  it('puts a wrong password and a taken address under their fields of the address-change request', async () => {
    const wrong = await requestEmail(failing(ErrorMessages.incorrectPassword), { email: 'a@b.org', password: 'x' }, changeEmailErrorFields);
    expect(wrong).toMatchObject({ field: { name: 'password', error: { id: 'error.incorrectPassword' } } });
    const taken = await requestEmail(failing(ErrorMessages.emailAlreadyInUse), { email: 'a@b.org', password: 'x' }, changeEmailErrorFields);
    expect(taken).toMatchObject({ field: { name: 'email', error: { id: 'error.emailAlreadyInUse' } } });
  });

  it('leaves other errors, and every error of the verification request, to the snackbar', async () => {
    const limited = await requestEmail(failing(ErrorMessages.tooManyRequests), { email: 'a@b.org', password: '' }, requestErrorFields);
    expect(limited).toMatchObject({ error: { key: 'tooManyRequests' }, field: null });
    const unknown = await requestEmail(failing(ErrorMessages.unknownEmail), { email: 'a@b.org', password: '' }, {});
    expect(unknown).toMatchObject({ error: { key: 'unknownEmail' }, field: null });
    const broken = await requestEmail(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      { email: 'a@b.org', password: '' },
      {},
    );
    expect(broken).toMatchObject({ error: { key: 'unexpectedError', statusCode: 500 }, field: null });
  });
});
