/**
 * Words an alert in the reader's language: its message key picks `notifications.message.<key>`, and
 * the parameters that name a phase, a role or a kind of content are translated first (they are codes
 * on the wire); dates and months are formatted for the locale.
 */
import type { IntlShape } from 'react-intl';
import { alertMessageKeys } from '@civic/contracts';
import type { Alert } from '../api/notifications.js';
import { formatDayDate } from '../i18n/dates.js';

/** Parameter values that are codes, each translated under its own prefix. */
export const termValues = {
  phase: ['proposals', 'voting', 'creation', 'final-vote', 'archive'],
  kind: ['article', 'amendment', 'law', 'source'],
  to: ['moderator', 'scribe'],
  actor: ['moderator', 'scribe'],
  role: ['moderator', 'scribe', 'greatWise'],
} as const;

const known = new Set<string>(alertMessageKeys);

function term(intl: IntlShape, group: keyof typeof termValues, value: string | number | undefined): string {
  const code = String(value ?? '');
  return (termValues[group] as readonly string[]).includes(code) ? intl.formatMessage({ id: `notifications.${group}.${code}` }) : code;
}

function month(intl: IntlShape, value: string | number | undefined): string {
  const match = /^(\d{4})-(\d{2})$/.exec(String(value ?? ''));
  if (!match) return String(value ?? '');
  return intl.formatDate(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function dateTime(intl: IntlShape, value: string | number | undefined): string {
  const date = new Date(String(value ?? ''));
  return Number.isNaN(date.getTime()) ? String(value ?? '') : formatDayDate(intl, date, { dateStyle: 'long', timeStyle: 'short' });
}

/** Characters of a seal shown in an alert: enough to compare it with the archive's. */
export const sealShownLength = 12;

function shortSeal(value: string | number | undefined): string {
  const seal = typeof value === 'string' ? value.trim() : '';
  return seal ? `${seal.slice(0, sealShownLength)}…` : 'none';
}

/** The alert's sentence in the locale of `intl`. */
export function wordAlert(intl: IntlShape, alert: Pick<Alert, 'messageKey' | 'params'>): string {
  if (!known.has(alert.messageKey)) return intl.formatMessage({ id: 'notifications.message.unknown' });
  const p = alert.params;
  const values: Record<string, string | number> = { ...p };
  if ('from' in p) values['from'] = term(intl, 'phase', p['from']);
  if ('to' in p) values['to'] = alert.messageKey === 'contentSignalled' ? term(intl, 'to', p['to']) : term(intl, 'phase', p['to']);
  if ('kind' in p) values['kind'] = term(intl, 'kind', p['kind']);
  if ('role' in p) values['role'] = alert.messageKey === 'contentModerated' ? term(intl, 'actor', p['role']) : term(intl, 'role', p['role']);
  if ('month' in p) values['month'] = month(intl, p['month']);
  if ('until' in p) values['until'] = dateTime(intl, p['until']);
  if ('endsAt' in p) values['endsAt'] = dateTime(intl, p['endsAt']);
  // An adopted law's seal (docs/text-chain.md#seal) is long: its start names it; a law sealed without history has none.
  if (alert.messageKey === 'followedAdopted') values['seal'] = shortSeal(p['seal']);
  values['action'] = String(p['action'] ?? 'edited');
  values['text'] = String(p['text'] ?? '');
  values['title'] = String(p['title'] ?? '');
  return intl.formatMessage({ id: `notifications.message.${alert.messageKey}` }, values);
}
