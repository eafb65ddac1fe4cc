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

/**
 * The first string of `value` (keys included) that textProblem refuses. A string is multi-line when
 * the property holding it (or holding the array it is in) is one of `multiline`.
 */
function findProblem(value: unknown, multiline: readonly string[], path = '', field = ''): Found | null {
  if (typeof value === 'string') {
    const problem = textProblem(value, { multiline: multiline.includes(field), password: PASSWORD_FIELD.test(field) });
    return problem ? { problem, path } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findProblem(value[index], multiline, `${path}/${index}`, field);
      if (found) return found;
    }
    return null;
  }
  if (isUnreadBody(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}/${escapePointer(key)}`;
    const keyProblem = textProblem(key);
    if (keyProblem) return { problem: keyProblem, path: itemPath };
    const found = findProblem(item, multiline, itemPath, key);
    if (found) return found;
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
