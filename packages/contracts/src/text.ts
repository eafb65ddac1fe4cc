import type { ErrorKey } from './errors.js';

/**
 * What the platform accepts as text, for every field a client sends (bodies, query strings, path
 * parameters, socket payloads): one rule so that no field lets through what another refuses.
 *
 *  - Control characters are refused (`forbiddenCharacters`): they break storage (PostgreSQL refuses
 *    NUL), logs and mails (BEL, ESC). Multi-line fields keep newline, carriage return and tab.
 *  - Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069) are
 *    refused too: they make a text read differently from what it holds. The marks (LRM, RLM) stay.
 *  - Line and paragraph separators count as newlines, lone surrogates cannot be stored: both refused.
 *  - Text that holds only invisible or format characters, whitespace aside, is refused
 *    (`invisibleText`): a title of zero-width spaces looks empty. Plain whitespace is left to each
 *    field's own rule (its minimum length or pattern), which answers it as before.
 *
 * Passwords are never shown: they keep any character but the control ones.
 */
export type TextProblem = Extract<ErrorKey, 'forbiddenCharacters' | 'invisibleText'>;

export interface TextRules {
  /** Newline, carriage return and tab allowed (descriptions, article texts, chat messages). */
  multiline?: boolean;
  /** A password: only control characters are refused. */
  password?: boolean;
}

const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
// eslint-disable-next-line no-control-regex
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
const PASSWORD_FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
/** Characters that show nothing: format characters, default-ignorable ones, the blank Braille pattern. */
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;
const NOT_WHITESPACE = /\P{White_Space}/u;

/** What is wrong with `value` as client text, or null when it is acceptable. */
export function textProblem(value: string, { multiline = false, password = false }: TextRules = {}): TextProblem | null {
  const forbidden = password ? PASSWORD_FORBIDDEN : multiline ? MULTILINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  if (forbidden.test(value)) return 'forbiddenCharacters';
  if (!password && NOT_WHITESPACE.test(value) && value.replace(INVISIBLE, '') === '') return 'invisibleText';
  return null;
}
