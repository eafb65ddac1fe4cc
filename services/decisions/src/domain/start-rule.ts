/**
 * The start rule: the proposals phase may end only once there are enough verified citizens and
 * proposals (docs/product.md: 150 users and 10 proposals by default); until then it is extended day by day.
 */
export interface StartThresholds {
  verifiedUsers: number;
  proposals: number;
}

export interface StartProgress {
  verifiedUsers: number;
  proposals: number;
}

export function startRuleMet(progress: StartProgress, thresholds: StartThresholds): boolean {
  return progress.verifiedUsers >= thresholds.verifiedUsers && progress.proposals >= thresholds.proposals;
}

/** What is still missing, for the countdown screens: never negative. */
export function startRuleMissing(progress: StartProgress, thresholds: StartThresholds): StartProgress {
  return {
    verifiedUsers: Math.max(0, thresholds.verifiedUsers - progress.verifiedUsers),
    proposals: Math.max(0, thresholds.proposals - progress.proposals),
  };
}
