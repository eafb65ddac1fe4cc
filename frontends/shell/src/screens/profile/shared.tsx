/** What the profile screens share: the page's user from the address, the owner-only frame, API errors on forms. */
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { asApiError } from '../../api/errors.js';
import { RequireOwner } from '../../auth/guards.js';
import { showOnField, type ErrorFields } from '../../forms/api-errors.js';
import type { Form } from '../../forms/useForm.js';
import { ProfileLayout } from '../../layouts/index.js';

/** Shows an API error in the snackbar, and under the field it concerns when it concerns one of `fields`. */
export function showApiError<Name extends string>(showError: (error: unknown) => void, form: Form<Name>, error: unknown, fields: ErrorFields<Name>): void {
  const apiError = asApiError(error);
  showError(apiError);
  showOnField(form, apiError.key, fields);
}

export function useProfileParams(): { userId: string; userName: string } {
  const { id = '', userName = '' } = useParams();
  return { userId: id, userName };
}

/** A profile page only its user may open (settings, deleting the account). */
export function OwnerProfileScreen({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const params = useProfileParams();
  return (
    <ProfileLayout {...params} title={title} intro={intro}>
      <RequireOwner userId={params.userId}>{children}</RequireOwner>
    </ProfileLayout>
  );
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
