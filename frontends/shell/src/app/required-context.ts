import { useContext, type Context } from 'react';

/**
 * The value of a context that only its provider gives: a hook read outside that provider is a
 * programming error, thrown with `misuse` as its message.
 */
export function useRequiredContext<T>(context: Context<T | null>, misuse: string): T {
  const value = useContext(context);
  if (!value) throw new Error(misuse);
  return value;
}
