import type { Locale } from '@civic/contracts';
import type { FastifyRequest } from 'fastify';

/** The reader's language: `lang` in the query, else the locale cookie, else Accept-Language, else English. */
export function readerLocale(request: FastifyRequest): Locale {
  const query = (request.query ?? {}) as { lang?: string };
  if (query.lang === 'fr' || query.lang === 'en') return query.lang;
  const cookie = (request as { cookies?: Record<string, string | undefined> }).cookies?.['locale'];
  if (cookie === 'fr' || cookie === 'en') return cookie;
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    const first = accept.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('fr')) return 'fr';
  }
  return 'en';
}
