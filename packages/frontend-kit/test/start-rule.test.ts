/** What a proposals phase waits for, read from the decisions service's start rule, in both languages. */
import { startRuleWait, waitingText } from '../src/start-rule.js';

const rule = (proposals: number, verifiedUsers: number, met = false) => ({ proposals, verifiedUsers, requiredProposals: 10, requiredUsers: 150, met });

describe('startRuleWait', () => {
  it('says what is missing only while the service says the rule is not met, in the proposals phase', () => {
    expect(startRuleWait({ phase: 'proposals', startRule: rule(7, 150) })).toEqual({ proposals: 3, users: 0 });
    expect(startRuleWait({ phase: 'proposals', startRule: rule(7, 140) })).toEqual({ proposals: 3, users: 10 });
    expect(startRuleWait({ phase: 'proposals', startRule: rule(12, 160, true) })).toBeNull();
    expect(startRuleWait({ phase: 'voting', startRule: rule(0, 0) })).toBeNull();
  });
});

describe('waitingText', () => {
  it('writes the wait with the plural rules of each language', () => {
    expect(waitingText('en', { proposals: 3, users: 0 })).toBe('Waiting for 3 more proposals');
    expect(waitingText('en', { proposals: 1, users: 0 })).toBe('Waiting for 1 more proposal');
    expect(waitingText('fr', { proposals: 3, users: 0 })).toBe('Encore 3 propositions attendues');
    expect(waitingText('fr', { proposals: 1, users: 0 })).toBe('Encore 1 proposition attendue');
    expect(waitingText('en', { proposals: 0, users: 1 })).toBe('Waiting for 1 more verified citizen');
    expect(waitingText('fr', { proposals: 0, users: 20 })).toBe('Encore 20 citoyens vérifiés attendus');
    expect(waitingText('en', { proposals: 3, users: 20 })).toBe('Waiting for 3 more proposals and 20 more verified citizens');
    expect(waitingText('fr', { proposals: 3, users: 20 })).toBe('Encore 3 propositions et 20 citoyens vérifiés attendus');
  });

  it('drops "Waiting for" / "Encore" in the header', () => {
    expect(waitingText('en', { proposals: 3, users: 0 }, { short: true })).toBe('3 more proposals');
    expect(waitingText('fr', { proposals: 3, users: 0 }, { short: true })).toBe('3 propositions attendues');
  });
});
