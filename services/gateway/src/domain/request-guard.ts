/**
 * Cross-site request forgery rule of the gateway (docs/architecture.md#gateway), pure so it is unit-tested.
 *
 * A state-changing request (POST, PUT, PATCH, DELETE) to /api passes when
 *  - it carries an Origin header equal to the request's own origin (`scheme://host` as the gateway
 *    sees it) or to an origin allowed by CORS_ORIGINS; a present Origin that differs is refused;
 *  - or, without Origin, it carries a header a cross-site form or image cannot send without a CORS
 *    preflight: `X-Requested-With` (any value) or `Content-Type: application/json`.
 * Everything else is refused with 403 'Unauthorized action'. Safe methods (GET, HEAD, OPTIONS) are
 * never state-changing here, so they always pass.
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

/** `origin` is the request's own origin or one of the trusted ones. */
export function isAllowedOrigin(origin: string, ownOrigin: string, trusted: ReadonlySet<string>): boolean {
  if (origin === ownOrigin) return true;
  const lower = origin.toLowerCase();
  return lower === ownOrigin.toLowerCase() || trusted.has(lower);
}

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
  origin: string | undefined;
  xRequestedWith: string | string[] | undefined;
  contentType: string | undefined;
  /** Computed only when an Origin has to be compared. */
  ownOrigin: () => string;
  trustedOrigins: ReadonlySet<string>;
}

/** True when the request may go on, false when it must be refused (403). */
export function passesCsrfRule(facts: CsrfFacts): boolean {
  if (!isStateChanging(facts.method)) return true;
  if (facts.origin !== undefined) return isAllowedOrigin(facts.origin, facts.ownOrigin(), facts.trustedOrigins);
  return facts.xRequestedWith !== undefined || isJsonContentType(facts.contentType);
}
