import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatDisplayDate, type DateFormat } from '@civic/frontend-kit/dates';
import type { ShellServices } from '@civic/frontend-kit/shell-contract';
import { reloadAfterFailedLoad } from '../app/runtime.js';
import { useAuth } from '../auth/AuthProvider.js';
import { isChunkLoadError } from '../app/reload-guard.js';
import { useConfirm } from '../feedback/ConfirmModal.js';
import { useSnackbar } from '../feedback/Snackbar.js';

/** A date in one of the display formats of docs/product.md#content-and-fields, in the reader's language. */
export function useFormatDate(): (date: Date | string | number, format: DateFormat) => string {
  const { locale } = useIntl();
  return useMemo(() => (date: Date | string | number, format: DateFormat) => formatDisplayDate(date, format, locale), [locale]);
}

function reportChunkError(error: unknown): boolean {
  return isChunkLoadError(error) && reloadAfterFailedLoad(error);
}

/** What the shell lends the remotes (shell-contract ShellServices): its modal, snackbar, dates, reload guard and session. */
export function useShellServices(): ShellServices {
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const formatDate = useFormatDate();
  const { session } = useAuth();
  return useMemo(() => ({ confirm, snackbar, formatDate, reportChunkError, session }), [confirm, snackbar, formatDate, session]);
}
