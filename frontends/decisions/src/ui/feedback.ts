/**
 * The shell's confirmation and snackbar, with one rule of the decisions screens: a message never
 * covers the form it answers. The snackbar sits at the bottom of the window, so before it shows, the
 * form submitted last (still on screen) scrolls up clear of it.
 */
import { useEffect, useMemo } from 'react';
import { useFeedback as useShellFeedback, type Feedback } from '@civic/frontend-kit/remote-feedback';

export { useErrorText, type ConfirmOptions } from '@civic/frontend-kit/remote-feedback';

/** The bottom band of the window the snackbar may take (its offset and two lines of text), in px. */
export const snackbarBandPx = 128;

/** A message answers a form submitted this recently (a slow answer included). */
const answerWindowMs = 30_000;

/**
 * How far to scroll down so a form whose box is `rect` ends above the snackbar's band of a window
 * `viewportHeight` high, without its top leaving the window: 0 when it is already clear.
 */
export function clearanceScroll(rect: { top: number; bottom: number }, viewportHeight: number): number {
  const overlap = rect.bottom - (viewportHeight - snackbarBandPx);
  return overlap > 0 ? Math.max(0, Math.min(overlap, rect.top)) : 0;
}

// The focus cannot tell which form a message answers: a submit button is disabled while its call runs.
let lastSubmitted: { form: HTMLFormElement; at: number } | null = null;
let listening = false;
function rememberSubmissions(): void {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement) lastSubmitted = { form: event.target, at: Date.now() };
    },
    true,
  );
}

/** Scrolls the form submitted last, while still on screen, clear of the snackbar's band (once: its answer). */
function keepSubmittedFormClear(): void {
  const submitted = lastSubmitted;
  lastSubmitted = null;
  if (!submitted?.form.isConnected || Date.now() - submitted.at > answerWindowMs) return;
  const distance = clearanceScroll(submitted.form.getBoundingClientRect(), window.innerHeight);
  if (distance > 0) window.scrollBy({ top: distance, behavior: 'instant' });
}

export function useFeedback(): Feedback {
  const feedback = useShellFeedback();
  useEffect(rememberSubmissions, []);
  return useMemo<Feedback>(
    () => ({
      confirm: feedback.confirm,
      toast: (message, kind) => {
        keepSubmittedFormClear();
        feedback.toast(message, kind);
      },
      toastError: (error) => {
        keepSubmittedFormClear();
        feedback.toastError(error);
      },
    }),
    [feedback],
  );
}
