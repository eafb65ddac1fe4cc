import { randomUUID } from 'node:crypto';
import {
  chatModeratedAlerts,
  chatRepliedAlerts,
  chatSignalledAlerts,
  contentModeratedAlerts,
  contentSignalledAlerts,
  creatorsDrawnAlerts,
  electionClosedAlerts,
  isSafeLink,
  lawArchivedAlerts,
  lawSealRefusedAlerts,
  phaseChangedAlert,
  proposalDeletedAlerts,
  proposalEditedAlerts,
  proposalSecondChanceAlerts,
  proposalSelectedAlerts,
  proposalSignalledAlerts,
  suspendedAlerts,
  suspensionLiftedAlerts,
} from '../src/domain/alert-messages.js';
import { alertMessageKeys } from '@civic/contracts';

const [author, other, third] = [randomUUID(), randomUUID(), randomUUID()];
const [cycleId, lawId, proposalId] = [randomUUID(), randomUUID(), randomUUID()];

describe('alert messages built from events', () => {
  it('words a cycle opening and a phase change for everyone, with a link to the decision', () => {
    expect(phaseChangedAlert({ cycleId, number: 4, from: null, to: 'proposals', at: '2026-03-01T00:00:00.000Z', phaseEndsAt: null })).toEqual({
      everyone: true,
      messageKey: 'cycleOpened',
      params: { number: 4, to: 'proposals' },
      link: `/decisions/${cycleId}`,
    });
    expect(phaseChangedAlert({ cycleId, number: 4, from: 'voting', to: 'creation', at: '2026-03-01T00:00:00.000Z', phaseEndsAt: null })).toMatchObject({
      messageKey: 'phaseChanged',
      params: { number: 4, from: 'voting', to: 'creation' },
    });
  });

  it('tells authors about their proposals, never about what they did themselves', () => {
    expect(proposalSelectedAlerts({ proposalId, userId: author, cycleId, rank: 1 })).toEqual([
      { userIds: [author], messageKey: 'proposalSelected', params: { rank: 1 }, link: `/decisions/${cycleId}` },
    ]);
    expect(proposalSecondChanceAlerts({ proposalId, userId: author, cycleId, rank: 5 })[0]).toMatchObject({ messageKey: 'proposalSecondChance', params: { rank: 5 } });
    expect(proposalEditedAlerts({ proposalId, userId: author, editorId: other, byModerator: true })[0]?.messageKey).toBe('proposalEditedByModerator');
    expect(proposalEditedAlerts({ proposalId, userId: author, editorId: author, byModerator: false })).toEqual([]);
    expect(proposalDeletedAlerts({ proposalId, userId: author, deletedBy: other, byModerator: true })[0]?.messageKey).toBe('proposalDeletedByModerator');
    expect(proposalDeletedAlerts({ proposalId, userId: author, deletedBy: author, byModerator: false })).toEqual([]);
    expect(proposalSignalledAlerts({ proposalId, userId: author, signalledBy: other })).toEqual([
      { userIds: [author], messageKey: 'proposalSignalled', params: {}, link: '/decisions/proposals' },
    ]);
  });

  it('tells creators, voters, and authors of moderated content', () => {
    expect(creatorsDrawnAlerts({ lawId, cycleId, title: 'Law', creators: [author, other, author] })).toEqual([
      { userIds: [author, other], messageKey: 'creatorDrawn', params: { title: 'Law' }, link: `/decisions/creators/${lawId}` },
    ]);
    expect(creatorsDrawnAlerts({ lawId, cycleId, title: 'Law', creators: [] })).toEqual([]);
    expect(lawArchivedAlerts({ lawId, cycleId, title: 'Law', adopted: true, voterIds: [author], chunk: 1, chunks: 1 })[0]).toMatchObject({
      messageKey: 'lawAdopted',
      link: `/archive/${lawId}`,
    });
    expect(lawArchivedAlerts({ lawId, cycleId, title: 'Law', adopted: false, voterIds: [author], chunk: 1, chunks: 1 })[0]?.messageKey).toBe('lawRejected');
    expect(lawArchivedAlerts({ lawId, cycleId, title: 'Law', adopted: false, voterIds: [], chunk: 2, chunks: 2 })).toEqual([]);
    const content = { kind: 'article' as const, contentId: randomUUID(), lawId, userId: author };
    expect(contentSignalledAlerts({ ...content, signalledBy: other, to: 'moderator' })[0]).toMatchObject({ params: { kind: 'article', to: 'moderator' } });
    expect(contentSignalledAlerts({ ...content, signalledBy: author, to: 'scribe' })).toEqual([]);
    expect(contentModeratedAlerts({ ...content, editorId: other, role: 'moderator', action: 'deleted' })[0]).toMatchObject({
      messageKey: 'contentModerated',
      params: { kind: 'article', role: 'moderator', action: 'deleted' },
    });
    expect(contentModeratedAlerts({ ...content, editorId: author, role: 'scribe', action: 'edited' })).toEqual([]);
  });

  it('tells the elected, and those who lost a role unless re-elected to it', () => {
    const batches = electionClosedAlerts({
      electionId: randomUUID(),
      month: '2026-04',
      elected: { moderators: [author], scribes: [other], greatWises: [] },
      removed: { moderators: [author, third], scribes: [], greatWises: [other] },
    });
    expect(batches).toEqual([
      { userIds: [author], messageKey: 'elected', params: { role: 'moderator', month: '2026-04' }, link: '/elections/elected' },
      { userIds: [third], messageKey: 'roleLost', params: { role: 'moderator', month: '2026-04' }, link: '/elections/elected' },
      { userIds: [other], messageKey: 'elected', params: { role: 'scribe', month: '2026-04' }, link: '/elections/elected' },
      { userIds: [other], messageKey: 'roleLost', params: { role: 'greatWise', month: '2026-04' }, link: '/elections/elected' },
    ]);
  });

  it('links a chat alert to the screen that shows its room', () => {
    const cycleId = randomUUID();
    const lawId = randomUUID();
    const linkOf = (room: string) => chatSignalledAlerts({ messageId: randomUUID(), userId: author, signalledBy: other, room })[0]?.link;
    expect(linkOf(`cycle:${cycleId}:proposals`)).toBe('/decisions/proposals');
    expect(linkOf(`cycle:${cycleId}:voting`)).toBe('/decisions/voting-on-proposals');
    expect(linkOf(`cycle:${cycleId}:final-vote`)).toBe('/decisions/final-vote');
    expect(linkOf(`law:${lawId}:creation`)).toBe(`/decisions/creations?law=${lawId}`);
    expect(chatRepliedAlerts({ messageId: randomUUID(), userId: other, repliedToMessageId: randomUUID(), repliedToUserId: author, room: `law:${lawId}:creation` })[0]?.link).toBe(
      `/decisions/creations?law=${lawId}`,
    );
    expect(chatModeratedAlerts({ messageId: randomUUID(), userId: author, moderatorId: other, action: 'deleted', room: `cycle:${cycleId}:voting` })[0]?.link).toBe('/decisions/voting-on-proposals');
    // A room name outside the chat's pattern still leads somewhere sensible.
    expect(linkOf('law:not-a-uuid:creation')).toBe('/decisions');
  });

  it('tells chat authors about replies and moderation, and users about their suspension', () => {
    const messageId = randomUUID();
    expect(chatRepliedAlerts({ messageId, userId: other, repliedToMessageId: randomUUID(), repliedToUserId: author, room: 'r1' })).toEqual([
      { userIds: [author], messageKey: 'chatReplied', params: { room: 'r1' }, link: '/decisions' },
    ]);
    expect(chatRepliedAlerts({ messageId, userId: author, repliedToMessageId: randomUUID(), repliedToUserId: author, room: 'r1' })).toEqual([]);
    expect(chatSignalledAlerts({ messageId, userId: author, signalledBy: other, room: 'r1' })[0]?.messageKey).toBe('chatMessageSignalled');
    expect(chatModeratedAlerts({ messageId, userId: author, moderatorId: other, action: 'edited', room: 'r1' })[0]).toMatchObject({ params: { action: 'edited' } });
    expect(chatModeratedAlerts({ messageId, userId: author, moderatorId: author, action: 'edited', room: 'r1' })).toEqual([]);
    expect(suspendedAlerts({ userId: author, until: '2026-05-01T10:00:00.000Z' })).toEqual([
      { userIds: [author], messageKey: 'suspended', params: { until: '2026-05-01T10:00:00.000Z' }, link: null },
    ]);
    expect(suspensionLiftedAlerts(author)[0]?.messageKey).toBe('suspensionLifted');
  });

  it('tells every moderator, once each, of a law archived without a seal, with the number of versions found wrong', () => {
    const refused = {
      lawId,
      cycleId,
      title: 'Free buses',
      problems: [
        { problem: 'version-hash' as const, textId: randomUUID(), seq: 2 },
        { problem: 'broken-link' as const, textId: randomUUID(), seq: 3 },
      ],
      at: '2026-03-01T00:00:00.000Z',
    };
    expect(lawSealRefusedAlerts(refused, [other, third, other])).toEqual([
      { userIds: [other, third], messageKey: 'lawSealRefused', params: { title: 'Free buses', versions: 2 }, link: `/archive/${lawId}` },
    ]);
    // No moderator yet: nobody to tell.
    expect(lawSealRefusedAlerts(refused, [])).toEqual([]);
  });

  it('uses only keys of the catalogue the browser translates', () => {
    expect(new Set(alertMessageKeys).size).toBe(alertMessageKeys.length);
  });

  it('accepts only links to paths of this site', () => {
    for (const link of ['/', '/archive', `/decisions/${cycleId}`, '/decisions/proposals?x=1#top']) expect(isSafeLink(link)).toBe(true);
    for (const link of ['', 'archive', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/a b', '/javascript:x', '\\\\x']) {
      expect(isSafeLink(link)).toBe(false);
    }
  });
});
