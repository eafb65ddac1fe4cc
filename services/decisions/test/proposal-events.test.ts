// Which events a change to a proposal implies, and when it counts as moderation.
import { byModerator, proposalDeleted, proposalEdited, proposalSignalled, proposalSubmitted } from '../src/domain/proposal-events.js';

const author = '00000000-0000-4000-8000-000000000001';
const moderator = '00000000-0000-4000-8000-000000000002';
const proposal = { id: '00000000-0000-4000-8000-000000000010', userId: author };
const at = new Date('2026-03-01T08:00:00.000Z');

describe('proposal events', () => {
  it('counts a change as moderation only when someone else than the author makes it', () => {
    expect(byModerator(author, author)).toBe(false);
    expect(byModerator(moderator, author)).toBe(true);
  });

  it('an edit and a deletion name the author, who acted, and whether it was moderation', () => {
    expect(proposalEdited(proposal, author, at).payload).toEqual({ proposalId: proposal.id, userId: author, editorId: author, byModerator: false });
    expect(proposalEdited(proposal, moderator, at).payload).toEqual({ proposalId: proposal.id, userId: author, editorId: moderator, byModerator: true });
    expect(proposalDeleted(proposal, moderator, at)).toMatchObject({
      subject: 'decisions.proposal.deleted',
      payload: { proposalId: proposal.id, userId: author, deletedBy: moderator, byModerator: true },
    });
  });

  it('a submission (first or again) and a signal', () => {
    expect(proposalSubmitted(proposal.id, author, at)).toMatchObject({ subject: 'decisions.proposal.created', payload: { proposalId: proposal.id, userId: author } });
    expect(proposalSignalled(proposal, moderator, at)).toMatchObject({
      subject: 'decisions.proposal.signalled',
      payload: { proposalId: proposal.id, userId: author, signalledBy: moderator },
      occurredAt: at.toISOString(),
    });
  });
});
