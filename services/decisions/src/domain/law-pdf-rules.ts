/**
 * The rules of an archived law's PDF (docs/product.md#archive), free of I/O: which version of the law
 * a PDF prints (its key, so it is rendered once per version and language), the strong validator it is
 * answered with, whether a conditional request already holds it, and how many renders a requester
 * may cause in a window.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '@civic/contracts';
import type { LawDetailRecord } from './permitted-actions.js';

/** Raised when the PDF's layout changes, so that PDFs kept from the old layout are rendered again. */
export const PDF_LAYOUT = 1;

/**
 * The version of the law a PDF prints: SHA-256 of everything the renderer reads (the law as a visitor
 * reads it, the time zone of its dates, the layout). An archived law's words are sealed; anything else
 * it prints that still changes (a creator's new name) gives a new version, rendered once in turn.
 */
export function pdfVersion(law: LawDetailRecord, timeZone: string): string {
  return createHash('sha256').update(JSON.stringify([PDF_LAYOUT, timeZone, law])).digest('hex');
}

/** A strong entity tag of the PDF's bytes (RFC 9110 §8.8.3): equal tags mean byte-for-byte equal PDFs. */
export function pdfEtag(pdf: Uint8Array): string {
  return `"${createHash('sha256').update(pdf).digest('base64url')}"`;
}

/**
 * Whether If-None-Match already names this representation (RFC 9110 §13.1.2: `*`, or any of the
 * listed tags compared weakly, so a cache that weakened our tag still gets its 304).
 */
export function holdsCurrent(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Who a render is counted against: the member, else the visitor's address (hashed: addresses are not kept). */
export function renderRequester(userId: string | null, address: string): string {
  return userId ? `user:${userId}` : `ip:${createHash('sha256').update(`pdf-render:${address}`).digest('base64url')}`;
}

/** The file name a PDF is downloaded under. */
export const pdfFileName = (law: Pick<LawDetailRecord, 'cycleNumber' | 'rank'>, locale: Locale) => `law-${law.cycleNumber}-${law.rank}-${locale}.pdf`;

/** A limit's answer: allowed, or refused until `retryAfterMs` from now. */
export type Allowance = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * At most `limit` takes per requester in each fixed window of `windowMs` (windows counted from the
 * epoch, as the shared Redis counter counts them, so both agree on when a window ends).
 */
export class FixedWindowCounter {
  private readonly counts = new Map<string, { window: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(key: string, now: number): Allowance {
    const window = Math.floor(now / this.windowMs);
    const entry = this.counts.get(key);
    const count = entry && entry.window === window ? entry.count + 1 : 1;
    this.counts.set(key, { window, count });
    // Old windows go as soon as a newer one is counted, so the map holds only current requesters.
    if (this.counts.size > 10_000) for (const [other, value] of this.counts) if (value.window < window) this.counts.delete(other);
    return windowAllowance(count, this.limit, window, this.windowMs, now);
  }
}

/** The answer of the `count`-th take in `window`. */
export function windowAllowance(count: number, limit: number, window: number, windowMs: number, now: number): Allowance {
  return count > limit ? { allowed: false, retryAfterMs: (window + 1) * windowMs - now } : { allowed: true };
}
