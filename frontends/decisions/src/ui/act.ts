/** How the law screens run an action: members only, after a Yes when asked, with errors shown. */
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@civic/frontend-kit/api-client';
import { useIdentifyPath, useMembersOnly } from '@civic/frontend-kit/remote-session';
import { useFeedback, type ConfirmOptions } from './feedback.js';

/**
 * Runs an action for a member (a visitor goes to /identify), after a Yes when asked (the question may
 * be worked out first, e.g. from a call), with errors shown; a lost session goes to /identify.
 */
export function useAct() {
  const { confirm, toastError } = useFeedback();
  const membersOnly = useMembersOnly();
  const navigate = useNavigate();
  const identify = useIdentifyPath();
  return (call: () => Promise<void>, question?: ConfirmOptions | (() => Promise<ConfirmOptions>)) =>
    membersOnly(async () => {
      if (question && !(await confirm(typeof question === 'function' ? await question() : question))) return;
      try {
        await call();
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) await navigate(identify);
        else toastError(error);
      }
    });
}

/** What a law screen calls to read its law again after a change. */
export type Reload = () => void;

/** `useAct` for the buttons that change what is on screen: once done, a success message and a reload. */
export function useRun(reload: Reload) {
  const { toast } = useFeedback();
  const act = useAct();
  return (call: () => Promise<unknown>, done: string, question?: ConfirmOptions) =>
    void act(async () => {
      await call();
      toast(done, 'success');
      reload();
    }, question);
}
