import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ServiceApp } from './http.js';
import { installJsonBodyParser } from './json-body.js';

// ajv-formats is CommonJS: under NodeNext its default import is the module object on some resolutions.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const common: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false };

/**
 * Bodies are validated without type coercion: `["Bob"]` or `12345` for a name, `"true"` for a flag
 * are refused as Bad Request rather than silently converted. Path and query strings keep the
 * coercion they need (every value arrives as text).
 */
export function installStrictBodyValidation(app: ServiceApp): void {
  const strict = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const coercing = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));

  // An empty JSON body counts as none; every JSON body keeps the platform's shape limits.
  installJsonBodyParser(app, { emptyIsNoBody: true });
}
