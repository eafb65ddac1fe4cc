import { useState } from 'react';
import { useFeedback } from '../ui/feedback.js';

/**
 * The busy flag of a chat control, and `run`, which holds it while an action runs (its buttons are
 * disabled meanwhile) and shows the action's failure in the snackbar.
 */
export function useBusy() {
  const { toastError } = useFeedback();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
