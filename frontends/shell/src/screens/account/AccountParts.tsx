/** What the account screens share: the field labels, API error texts and the emailed links' calls and errors. */
import { useEffect, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { SessionUser } from '@civic/contracts';
import { asApiError, type ApiError } from '@civic/frontend-kit/api-client';
import { useAuth } from '../../auth/AuthProvider.js';
import type { ErrorFields } from '../../forms/api-errors.js';
import { EmailRequestForm, type EmailRequestField } from '../../forms/EmailRequestForm.js';
import { Outcome } from '../../forms/Fields.js';
import { once, useCountdown } from '../../forms/hooks.js';
import { SingleColumnLayout } from '../../layouts/index.js';

export const fields = {
  email: { id: 'form.email' },
  password: { id: 'form.password' },
  newPassword: { id: 'form.newPassword' },
};

/** The translated text of an API error. */
export function useErrorText(): (error: ApiError) => string {
  const { formatMessage: t } = useIntl();
  return (error) => t({ id: `error.${error.key}` });
}

/** The texts of a screen that asks for a mail to an address; `sent` takes `{email}`. */
export interface EmailRequestTexts {
  title: MessageDescriptor;
  intro: MessageDescriptor;
  submit: MessageDescriptor;
  sent: MessageDescriptor;
}

/** A screen that only asks for a mail to the address typed in: a reset link, the verification link again. */
export function EmailRequestScreen({
  texts,
  send,
  errorFields,
}: {
  texts: EmailRequestTexts;
  send: (email: string) => Promise<unknown>;
  errorFields?: ErrorFields<EmailRequestField>;
}) {
  const { formatMessage: t } = useIntl();
  return (
    <SingleColumnLayout title={t(texts.title)} intro={t(texts.intro)}>
      <EmailRequestForm
        emailLabel={t(fields.email)}
        submitText={t(texts.submit)}
        sentText={(email) => t(texts.sent, { email })}
        send={send}
        errorFields={errorFields}
      />
    </SingleColumnLayout>
  );
}

/** The one-time token of an emailed link (`?token=`), or null on the screen's own address. */
export function useLinkToken(): string | null {
  const [params] = useSearchParams();
  return params.get('token');
}

/** Seconds before a failed link sends the user home (docs/product.md#audience-and-accounts). */
export const linkErrorRedirectSeconds = 10;

/** The error of an emailed link: the translated message and a visible countdown to the home page. */
export function LinkErrorWithCountdown({ error, retry }: { error: ApiError; retry?: { to: string; label: string } }) {
  const { formatMessage: t } = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const seconds = useCountdown(linkErrorRedirectSeconds, true, () => navigate('/', { replace: true }));
  return (
    <>
      <Outcome kind="error" title={errorText(error)}>
        <p className="countdown" data-countdown={seconds}>
          {t({ id: 'linkError.countdown' }, { seconds })}
        </p>
      </Outcome>
      <ul className="link-list">
        {retry ? (
          <li>
            <Link to={retry.to}>{retry.label}</Link>
          </li>
        ) : null}
        <li>
          <Link to="/" replace>
            {t({ id: 'linkError.homeNow' })}
          </Link>
        </li>
      </ul>
    </>
  );
}

export type LinkCall<T> = { state: 'pending' } | { state: 'done'; value: T } | { state: 'failed'; error: ApiError };

/** Spends the one-time token of an emailed link once; `onDone` receives what the call answers. */
export function useLinkCall<T>(kind: string, token: string, call: (token: string) => Promise<T>, onDone: (value: T) => void): LinkCall<T> {
  const [result, setResult] = useState<{ token: string; call: LinkCall<T> }>({ token, call: { state: 'pending' } });
  useEffect(() => {
    let active = true;
    once(`${kind}:${token}`, () => call(token)).then(
      (value) => {
        onDone(value);
        if (active) setResult({ token, call: { state: 'done', value } });
      },
      (error: unknown) => {
        if (active) setResult({ token, call: { state: 'failed', error: asApiError(error) } });
      },
    );
    return () => {
      active = false;
    };
  }, [kind, token, call, onDone]);
  return result.token === token ? result.call : { state: 'pending' };
}

/** A link that logs the user in: the session user it answers becomes the current user. */
export function useTokenCall(kind: string, token: string, call: (token: string) => Promise<SessionUser>): LinkCall<SessionUser> {
  const { setUser } = useAuth();
  return useLinkCall(kind, token, call, setUser);
}
