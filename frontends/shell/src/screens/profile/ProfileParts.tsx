/** What the profile screens share: the page's user from the address, the owner-only frame, API errors on forms. */
import type { ComponentType, ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useParams } from 'react-router-dom';
import { asApiError } from '@civic/frontend-kit/api-client';
import { RequireOwner } from '../../auth/Guards.js';
import { showOnField, type ErrorFields } from '../../forms/api-errors.js';
import type { Form } from '../../forms/useForm.js';
import { ProfileLayout } from '../../layouts/index.js';

/** Shows an API error in the snackbar, and under the field it concerns (with a refused password's advice) when it concerns one of `fields`. */
export function showApiError<Name extends string>(showError: (error: unknown) => void, form: Form<Name>, error: unknown, fields: ErrorFields<Name>): void {
  const apiError = asApiError(error);
  showError(apiError);
  showOnField(form, apiError.key, fields, apiError.data);
}

export function useProfileParams(): { userId: string; userName: string } {
  const { id = '', userName = '' } = useParams();
  return { userId: id, userName };
}

/** A profile page only its user may open (settings, deleting the account): its title, intro and content. */
export function ownerProfileScreen(texts: { title: MessageDescriptor; intro: MessageDescriptor }, Content: ComponentType) {
  return function OwnerProfileScreen() {
    const { formatMessage: t } = useIntl();
    const params = useProfileParams();
    return (
      <ProfileLayout {...params} title={t(texts.title)} intro={t(texts.intro)}>
        <RequireOwner userId={params.userId}>
          <Content />
        </RequireOwner>
      </ProfileLayout>
    );
  };
}

/** One part of the settings page, named by its heading. */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
