import { Role } from '@civic/contracts';
import { isModeratorNow, personalAlertRefusal } from '../src/domain/alert-access.js';

describe('who may act on an alert', () => {
  const owner = '0b6f2f4e-1a4c-4b8e-9d3a-2f1e5c7a9b10';
  const other = '7c2d9e1f-3b5a-4c6d-8e7f-1a2b3c4d5e6f';

  it('lets the owner change their personal alert and refuses anyone else', () => {
    expect(personalAlertRefusal(owner, owner)).toBeNull();
    expect(personalAlertRefusal(owner, other)).toBe('forbidden');
  });

  it('counts as a moderator now a projected moderator whose account is not deleted', () => {
    expect(isModeratorNow({ role: Role.Moderator, deletedAt: null })).toBe(true);
    expect(isModeratorNow({ role: Role.Moderator, deletedAt: new Date('2026-11-01T00:00:00Z') })).toBe(false);
    expect(isModeratorNow({ role: Role.User, deletedAt: null })).toBe(false);
    expect(isModeratorNow({ role: Role.Scribe, deletedAt: null })).toBe(false);
    // Unknown to the projection: the token alone decides.
    expect(isModeratorNow(null)).toBe(false);
  });
});
