import { AppError } from './errors.js';
import type { ServiceApp } from './http.js';
import { JSON_MAX_DEPTH, JSON_MAX_KEYS, jsonShapeProblem, type JsonShapeProblem } from './json-shape.js';

/** The 400 of a JSON body past a shape limit, naming the limit. */
export const jsonShapeError = (problem: JsonShapeProblem) => new AppError(problem, 400, { limit: problem === 'bodyTooDeep' ? JSON_MAX_DEPTH : JSON_MAX_KEYS });

export interface JsonBodyOptions {
  /**
   * A JSON content type with an empty body (fetch sending a content-type and nothing) counts as no
   * body, so the route's schema says what is missing instead of a JSON syntax error.
   */
  emptyIsNoBody?: boolean;
}

/**
 * The application/json parser of every service: the text's depth and keys are measured before it is
 * parsed (json-shape.ts), so a body nested thousands deep or holding a million keys is a 400
 * `bodyTooDeep` / `bodyTooWide` before anything (the text rules, a schema) walks it; then Fastify's own
 * parser, which refuses `__proto__` and `constructor.prototype`.
 */
export function installJsonBodyParser(app: ServiceApp, { emptyIsNoBody = false }: JsonBodyOptions = {}): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (emptyIsNoBody && text.trim() === '') return done(null, undefined);
    const problem = jsonShapeProblem(text);
    if (problem !== null) return done(jsonShapeError(problem));
    parseJson(request, text, done);
  });
}
