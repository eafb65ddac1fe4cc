/**
 * The events each change of an account implies (src/domain/account-events.ts): which ones, in which
 * order, with which payloads; the commands write them to the outbox as given.
 */
import type { EventEnvelope } from '@civic/contracts';
import {
  accountDeleted,
  accountLeaving,
  accountRegistered,
  accountRenamed,
  accountSuspended,
  accountVerified,
  candidacyChanged,
  roleChanged,
  sessionsRevoked,
  suspensionLifted,
  tokensRevoked,
} from '../src/domain/account-events.js';

const now = new Date('2026-03-14T10:00:00.000Z');
const userId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const other = '0f8fad5b-d9cb-469f-a165-70867728950e';
const summary = (events: EventEnvelope[]) => events.map((event) => [event.subject, event.version, event.payload]);
const noRoleNoCandidacy = { moderator: false, scribe: false, moderatorCandidateDate: null, scribeCandidateDate: null, greatWiseCandidateDate: null };

describe('account events', () => {
  it('announces a registration in the version PUBLISH_EVENT_VERSIONS names (else the oldest supported), and the seeded moderator after it', () => {
    const user = { id: userId, userName: 'Ada', createdAt: new Date('2026-03-14T09:59:59.000Z') };
    expect(summary(accountRegistered(user, 'fr', false, new Map([['identity.user.registered', 2]]), now))).toEqual([
      ['identity.user.registered', 2, { userId, displayName: 'Ada', registeredAt: '2026-03-14T09:59:59.000Z', locale: 'fr' }],
    ]);
    const seeded = accountRegistered(user, 'en', true, new Map(), now);
    expect(summary(seeded)).toEqual([
      ['identity.user.registered', 1, { userId, userName: 'Ada', registeredAt: '2026-03-14T09:59:59.000Z' }],
      ['identity.user.role-changed', 1, { userId, moderator: true, scribe: false }],
    ]);
    expect(seeded.every((event) => event.occurredAt === now.toISOString())).toBe(true);
    expect(new Set(seeded.map((event) => event.id)).size).toBe(2);
  });

  it('tells a deleted account\'s followers it holds no role and no candidacy any more, in the candidacies\' order', () => {
    expect(accountLeaving(userId, noRoleNoCandidacy, now)).toEqual([]);
    const leaving = accountLeaving(userId, { ...noRoleNoCandidacy, scribe: true, greatWiseCandidateDate: new Date('2026-03-01'), moderatorCandidateDate: new Date('2026-03-01') }, now);
    expect(summary(leaving)).toEqual([
      ['identity.user.role-changed', 1, { userId, moderator: false, scribe: false }],
      ['identity.user.candidacy-changed', 1, { userId, userName: 'Deleted user', candidateTo: 1, candidateDate: null }],
      ['identity.user.candidacy-changed', 1, { userId, userName: 'Deleted user', candidateTo: 3, candidateDate: null }],
    ]);
    expect(summary([accountDeleted(userId, now)])).toEqual([['identity.user.deleted', 1, { userId, deletedAt: now.toISOString() }]]);
  });

  it('revokes the tokens signed up to the very millisecond of the change', () => {
    expect(tokensRevoked(userId, now).payload).toEqual({ userId, issuedBefore: '2026-03-14T10:00:00.001Z' });
  });

  it('announces every ended session, in the order they ended', () => {
    const ended = [
      { id: other, userId },
      { id: userId, userId },
    ];
    expect(summary(sessionsRevoked(ended, now))).toEqual([
      ['identity.session.revoked', 1, { sessionId: other, userId, revokedAt: now.toISOString() }],
      ['identity.session.revoked', 1, { sessionId: userId, userId, revokedAt: now.toISOString() }],
    ]);
    expect(sessionsRevoked([], now)).toEqual([]);
  });

  it('builds the payloads of the other changes', () => {
    const until = new Date('2026-03-15T10:00:00.000Z');
    expect(
      summary([
        accountVerified(userId, now),
        candidacyChanged(userId, 'Ada', 2, '2026-03-01', now),
        accountRenamed(userId, 'Ada L.', now),
        roleChanged({ userId, moderator: false, scribe: true }, now),
        accountSuspended(userId, until, now),
        suspensionLifted(userId, now),
      ]),
    ).toEqual([
      ['identity.user.verified', 1, { userId, verifiedAt: now.toISOString() }],
      ['identity.user.candidacy-changed', 1, { userId, userName: 'Ada', candidateTo: 2, candidateDate: '2026-03-01' }],
      ['identity.user.renamed', 1, { userId, userName: 'Ada L.' }],
      ['identity.user.role-changed', 1, { userId, moderator: false, scribe: true }],
      ['identity.user.suspended', 1, { userId, until: until.toISOString() }],
      ['identity.user.suspension-lifted', 1, { userId }],
    ]);
  });
});
