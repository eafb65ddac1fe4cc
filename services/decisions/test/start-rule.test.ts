import { startRuleMet, startRuleMissing } from '../src/domain/start-rule.js';

const thresholds = { verifiedUsers: 150, proposals: 10 };

describe('start rule', () => {
  it('is met only with enough verified users and enough proposals', () => {
    expect(startRuleMet({ verifiedUsers: 150, proposals: 10 }, thresholds)).toBe(true);
    expect(startRuleMet({ verifiedUsers: 149, proposals: 50 }, thresholds)).toBe(false);
    expect(startRuleMet({ verifiedUsers: 500, proposals: 9 }, thresholds)).toBe(false);
  });

  it('tells what is missing, never below zero', () => {
    expect(startRuleMissing({ verifiedUsers: 140, proposals: 12 }, thresholds)).toEqual({ verifiedUsers: 10, proposals: 0 });
  });
});
