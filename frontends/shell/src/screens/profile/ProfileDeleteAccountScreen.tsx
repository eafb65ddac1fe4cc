/** Deleting one's own account. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { identityApi } from '../../api/identity.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { useConfirm } from '../../feedback/ConfirmModal.js';
import { useSnackbar } from '../../feedback/Snackbar.js';
import { TextField } from '../../forms/Fields.js';
import { useForm } from '../../forms/useForm.js';
import { rules } from '../../forms/validation.js';
import { ownerProfileScreen, showApiError } from './ProfileParts.js';

/** /users/:id/:userName/delete-account, for the user themself. */
export const ProfileDeleteAccountScreen = ownerProfileScreen({ title: { id: 'profile.deleteAccount.title' }, intro: { id: 'profile.deleteAccount.intro' } }, DeleteAccount);

const deleteSchema = { password: rules.currentPassword };
const deleteErrorFields = { incorrectPassword: 'password' } as const;

/** The password (the user proves it is them), then the shared confirmation modal, then the deletion. */
function DeleteAccount() {
  const { formatMessage: t } = useIntl();
  const { user, clear } = useAuth();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const form = useForm(deleteSchema, { password: '' });
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;

  const onDelete = form.onSubmit(async ({ password }) => {
    const yes = await confirm({ title: t({ id: 'profile.deleteAccount.confirm.title' }), message: t({ id: 'profile.deleteAccount.confirm.text' }), danger: true });
    if (!yes) return;
    setDeleting(true);
    try {
      await identityApi.deleteUser(user.id, { password });
      clear('/'); // home and logged out in one step: this page's guard never sees the user leave

      snackbar.show({ message: t({ id: 'profile.deleteAccount.deleted' }), kind: 'success' });
    } catch (error) {
      showApiError(snackbar.showError, form, error, deleteErrorFields);
      setDeleting(false);
    }
  });

  return (
    <div className="delete-account">
      <ul>
        <li>{t({ id: 'profile.deleteAccount.anonymized' })}</li>
        <li>{t({ id: 'profile.deleteAccount.contentKept' })}</li>
        <li>{t({ id: 'profile.deleteAccount.final' })}</li>
      </ul>
      <form className="form" noValidate onSubmit={onDelete} aria-busy={deleting || undefined}>
        <TextField
          {...form.field('password')}
          label={t({ id: 'profile.deleteAccount.password' })}
          hint={t({ id: 'profile.deleteAccount.passwordHint' })}
          type="password"
          autoComplete="current-password"
        />
        {/* Not disabled while the modal asks: Escape gives the focus back to this button. */}
        <button type="submit" className="button--danger" disabled={deleting}>
          {t({ id: 'profile.deleteAccount.submit' })}
        </button>
      </form>
    </div>
  );
}
