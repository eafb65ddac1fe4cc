import type { FastifyInstance } from 'fastify';
import { textProblem, type TextProblem } from '@civic/contracts';
import { AppError } from './errors.js';

/** Fields holding a password: they keep any character but the control ones (never shown to anyone). */
const PASSWORD_FIELD = /password$/i;

type RequestPart = 'body' | 'querystring' | 'params';

interface Found {
  problem: TextProblem;
  /** JSON pointer of the string (or of the key) at fault, as validation errors name theirs. */
  path: string;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** A body passed on unread (the gateway's streams) or binary holds no text to check. */
const isUnreadBody = (value: object) => ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function';

/** What is still to look at: a value, with where it is and the property holding it, or a key. */
type Pending = { value: unknown; path: string; field: string; key?: undefined } | { key: string; path: string };

/**
 * The first string of `value` (keys included) that textProblem refuses, in document order. A string
 * is multi-line when the property holding it (or holding the array it is in) is one of `multiline`.
 * The walk keeps its own stack instead of recursing: however deep a value is, the check cannot
 * overflow the call stack (bodies are also held to the JSON shape limits before they are parsed).
 */
function findProblem(value: unknown, multiline: readonly string[]): Found | null {
  if (value === undefined || value === null) return null;
  const pending: Pending[] = [{ value, path: '', field: '' }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.key !== undefined) {
      const problem = textProblem(next.key);
      if (problem) return { problem, path: next.path };
      continue;
    }
    const { value: current, path, field } = next;
    if (typeof current === 'string') {
      const problem = textProblem(current, { multiline: multiline.includes(field), password: PASSWORD_FIELD.test(field) });
      if (problem) return { problem, path };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    // Children are pushed last to first, so that the first is looked at first.
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push({ value: current[index], path: `${path}/${index}`, field });
      continue;
    }
    if (isUnreadBody(current)) continue;
    const entries = Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      const itemPath = `${path}/${escapePointer(key)}`;
      // Each key is looked at before its value.
      pending.push({ value: item, path: itemPath, field: key }, { key, path: itemPath });
    }
  }
  return null;
}

/**
 * Refuses, before validation, any request whose body, query string or path parameters hold text that
 * packages/contracts/src/text.ts refuses: 400 with `forbiddenCharacters` or `invisibleText` and where
 * (`{ in, path }`). Every field is single-line unless its route lists it in `config.multilineFields`.
 */
export function installTextRules(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts: [RequestPart, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const found = findProblem(value, part === 'body' ? (request.routeOptions.config.multilineFields ?? []) : []);
      if (found) return done(new AppError(found.problem, 400, { in: part, path: found.path }));
    }
    done();
  });
}
