/**
 * Cross-site request forgery rule of the gateway (docs/architecture.md#gateway), pure so it is unit-tested.
 *
 * A state-changing request (POST, PUT, PATCH, DELETE) to /api passes when
 *  - it carries an Origin header equal to the site's origin (PUBLIC_URL) or to an origin allowed by
 *    CORS_ORIGINS; a present Origin that differs is refused. The request's own Host is never
 *    trusted for this: a client writes any Host it likes;
 *  - or, without Origin, it carries a header a cross-site form or image cannot send without a CORS
 *    preflight: `X-Requested-With` (any value) or `Content-Type: application/json`, and no Referer
 *    of another origin.
 * Everything else is refused with 403 'Unauthorized action'. Safe methods (GET, HEAD, OPTIONS) are
 * never state-changing here, so they always pass. The one exception is the digest mail's one-click
 * unsubscribe (RFC 8058): mail providers post it from anywhere as a form, and it carries its own
 * authority (a signed token in its URL) and reads no cookie, so no forgery can borrow a session there.
 */
export function isStateChanging(method: string): boolean {
  switch (method) {
    case 'POST':
    case 'PUT':
    case 'PATCH':
    case 'DELETE':
      return true;
    default:
      return false;
  }
}

/** `origin` is one of the site's (the allowed ones, lower case). */
export function isAllowedOrigin(origin: string, allowed: ReadonlySet<string>): boolean {
  return allowed.has(origin.toLowerCase());
}

const URL_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i;

/** The origin (`scheme://host[:port]`) a Referer names, lower case; null when it names none. */
export function refererOrigin(referer: string): string | null {
  const match = URL_ORIGIN.exec(referer);
  return match ? match[0].toLowerCase() : null;
}

/** Paths (without query) whose state-changing requests carry their own authority: the one-click unsubscribe. */
export const CSRF_EXEMPT_PATHS: ReadonlySet<string> = new Set(['/api/users/notifications/digest/one-click']);

/** The path of a request target, without its query. */
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

const JSON_TYPE = 'application/json';

/** `Content-Type` names application/json (parameters such as charset allowed). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType.length < JSON_TYPE.length) return false;
  if (contentType.slice(0, JSON_TYPE.length).toLowerCase() !== JSON_TYPE) return false;
  if (contentType.length === JSON_TYPE.length) return true;
  const next = contentType.charCodeAt(JSON_TYPE.length);
  return next === 59 /* ; */ || next === 32 /* space */ || next === 9 /* tab */;
}

export interface CsrfFacts {
  method: string;
  /** The request target as received (path and query). */
  url: string;
  origin: string | undefined;
  referer: string | undefined;
  xRequestedWith: string | string[] | undefined;
  contentType: string | undefined;
  /** The site's origin (PUBLIC_URL) and CORS_ORIGINS, lower case. */
  allowedOrigins: ReadonlySet<string>;
}

/** True when the request may go on, false when it must be refused (403). */
export function passesCsrfRule(facts: CsrfFacts): boolean {
  if (!isStateChanging(facts.method)) return true;
  return passesOriginChecks(facts) || CSRF_EXEMPT_PATHS.has(pathOf(facts.url));
}

function passesOriginChecks(facts: CsrfFacts): boolean {
  if (facts.origin !== undefined) return isAllowedOrigin(facts.origin, facts.allowedOrigins);
  if (facts.referer !== undefined) {
    const origin = refererOrigin(facts.referer);
    if (origin === null || !facts.allowedOrigins.has(origin)) return false;
  }
  return facts.xRequestedWith !== undefined || isJsonContentType(facts.contentType);
}
