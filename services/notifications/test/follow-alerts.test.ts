import { randomUUID } from 'node:crypto';
import type { EventPayload, TextVersioned } from '@civic/contracts';
import { documentChange, finalVoteClosingAlerts, lawArchivedFollowAlert, proposalVoteClosedAlerts, textVersionedAlert } from '../src/domain/follow-alerts.js';

const id = () => randomUUID();
const documentId = id();
const editorId = id();
const textId = id();

const version = (overrides: Partial<EventPayload<typeof TextVersioned>> = {}): EventPayload<typeof TextVersioned> =>
  ({
    textKind: 'article',
    textId,
    documentId,
    documentTitle: 'Free buses',
    lawId: documentId,
    seq: 2,
    change: 'edited',
    role: 'creator',
    editorId,
    hash: 'a'.repeat(64),
    at: '2026-11-27T10:00:00.000Z',
    ...overrides,
  }) as EventPayload<typeof TextVersioned>;

describe('alerts to the followers of a document', () => {
  it('tells followers of an edit, linked to the version history, never the editor', () => {
    expect(textVersionedAlert(version())).toEqual({
      documentId,
      exceptUserId: editorId,
      messageKey: 'followedEdited',
      params: { title: 'Free buses' },
      link: `/decisions/history/article/${textId}`,
    });
  });

  it('tells nobody of the deletion of the proposal or law itself, which the projection records', () => {
    const deleted = version({ textKind: 'proposal', lawId: null, change: 'deleted' } as never);
    expect(textVersionedAlert(deleted)).toBeNull();
    expect(documentChange(deleted)).toEqual({ id: documentId, kind: 'proposal', title: 'Free buses', deletedAt: '2026-11-27T10:00:00.000Z' });
    // Deleting an article is an edit of the law.
    expect(textVersionedAlert(version({ change: 'deleted' } as never))?.messageKey).toBe('followedEdited');
  });

  it('knows a document as a law from its law texts on', () => {
    expect(documentChange(version({ textKind: 'proposal', lawId: null } as never)).kind).toBe('proposal');
    expect(documentChange(version({ textKind: 'law', lawId: null } as never)).kind).toBe('law');
    expect(documentChange(version()).kind).toBe('law');
  });

  it('tells the fate of each followed proposal when a vote closes, with the rank of the selected', () => {
    const [a, b, c, d, unknown] = [id(), id(), id(), id(), id()];
    const titles = new Map([
      [a, 'A'],
      [b, 'B'],
      [c, 'C'],
      [d, 'D'],
    ]);
    const alerts = proposalVoteClosedAlerts({ cycleId: id(), closedAt: '2026-11-27T10:00:00.000Z', seed: 's', selected: [a, b], secondChance: [c, unknown], rejected: [d] }, (key) => titles.get(key));
    expect(alerts).toEqual([
      { documentId: a, exceptUserId: null, messageKey: 'followedSelected', params: { title: 'A', rank: 1 }, link: '/decisions/creations' },
      { documentId: b, exceptUserId: null, messageKey: 'followedSelected', params: { title: 'B', rank: 2 }, link: '/decisions/creations' },
      { documentId: c, exceptUserId: null, messageKey: 'followedSecondChance', params: { title: 'C' }, link: '/decisions/voting-on-proposals' },
      { documentId: d, exceptUserId: null, messageKey: 'followedNotSelected', params: { title: 'D' }, link: '/decisions/voting-on-proposals' },
    ]);
  });

  it('tells an adopted law with the first digits of its seal, a rejected one without, from the first chunk only', () => {
    const lawId = id();
    const archived = { lawId, cycleId: id(), title: 'Free buses', adopted: true, voterIds: [], chunk: 1, chunks: 2, seal: 'abcdef0123456789'.repeat(4) };
    expect(lawArchivedFollowAlert(archived)).toEqual({
      documentId: lawId,
      exceptUserId: null,
      messageKey: 'followedAdopted',
      params: { title: 'Free buses', seal: 'abcdef012345' },
      link: `/archive/${lawId}`,
    });
    expect(lawArchivedFollowAlert({ ...archived, seal: null })?.params).toEqual({ title: 'Free buses', seal: '' });
    expect(lawArchivedFollowAlert({ ...archived, adopted: false })).toMatchObject({ messageKey: 'followedRejected', params: { title: 'Free buses' } });
    expect(lawArchivedFollowAlert({ ...archived, chunk: 2 })).toBeNull();
  });

  it('tells the followers of each law still in a final vote that closes soon', () => {
    const [one, two] = [id(), id()];
    const endsAt = '2026-11-28T10:00:00.000Z';
    expect(finalVoteClosingAlerts({ cycleId: id(), number: 4, endsAt, laws: [{ lawId: one, title: 'One' }, { lawId: two, title: 'Two' }] })).toEqual([
      { documentId: one, exceptUserId: null, messageKey: 'followedFinalVoteClosing', params: { title: 'One', endsAt }, link: '/decisions/final-vote' },
      { documentId: two, exceptUserId: null, messageKey: 'followedFinalVoteClosing', params: { title: 'Two', endsAt }, link: '/decisions/final-vote' },
    ]);
  });
});
