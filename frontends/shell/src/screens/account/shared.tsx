/** What the account screens share: the field labels, API error texts and the emailed links' calls and errors. */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { SessionUser } from '@civic/contracts';
import { asApiError, type ApiError } from '../../api/errors.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { Outcome } from '../../forms/fields.js';
import { once, useCountdown } from '../../forms/hooks.js';

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

/** Seconds before a failed link sends the user home (docs/product.md#audience-and-accounts). */
export const linkErrorRedirectSeconds = 10;

const linkError = {
  countdown: { id: 'linkError.countdown' },
  homeNow: { id: 'linkError.homeNow' },
};

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
          {t(linkError.countdown, { seconds })}
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
            {t(linkError.homeNow)}
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

/** The line shown while an emailed link's call runs. */
export function Pending({ text }: { text: string }) {
  return (
    <p className="loading" role="status">
      {text}
    </p>
  );
}
