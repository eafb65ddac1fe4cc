/**
 * Decisions' live topics on the page socket (docs/live.md#decisions-topics): a screen reads its data
 * once, then merges the figures the service pushes, instead of polling. Updates carry public figures
 * only; the member's own vote and permissions stay as their own read or action answered them.
 * The shapes are in packages/contracts/src/live.ts.
 */
import { useCallback, useEffect, useRef } from 'react';
import { decisionsLiveKinds, liveTopics, type CycleList, type CycleProposalsData, type LawVotesData, type CycleSummary, type LawDetail, type Proposal, type ProposalMay, type VoteCounts } from '@civic/contracts';
import { useLiveTopic, type LiveUpdate } from '@civic/frontend-kit/live-hooks';
import { useResource, type Resource } from '@civic/frontend-kit/remote-hooks';
import { decisionsApi } from '../api/decisions.js';

/** The law shown with the pushed counts of its texts and its voters; the reader's own votes kept. */
export function withLawVotes<L extends Pick<LawDetail, 'id' | 'articles' | 'voters'>>(law: L, data: LawVotesData): L {
  if (law.id !== data.lawId) return law;
  const counts = new Map(data.texts.map((text) => [text.id, text.counts]));
  const withCounts = <A extends { id: string; counts: VoteCounts }>(text: A): A => {
    const next = counts.get(text.id);
    return next ? { ...text, counts: next } : text;
  };
  return { ...law, voters: data.voters, articles: law.articles.map((article) => ({ ...withCounts(article), amendments: article.amendments.map(withCounts) })) };
}

/**
 * A card pushed to every page carries no caller's permissions (they are the caller's own): a new
 * card offers no action until the page reads it again, as it does after a reconnection or an action.
 */
const NOTHING_PERMITTED: ProposalMay = { edit: false, remove: false, resubmit: false, signal: false, pin: false, vote: false };

/**
 * A list of proposals with a cycle's pushed figures: counts and states of that cycle's proposals, its
 * recently changed cards (the reader's own vote kept), its new ones added, and those gone from the
 * cycle dropped; `accepts` is the list's filter (`added`: a card the list did not show). Proposals
 * of other cycles stay as they are.
 */
export function withCycleProposals(proposals: readonly Proposal[], data: CycleProposalsData, accepts: (proposal: Proposal, added: boolean) => boolean): Proposal[] {
  const figures = new Map(data.proposals.map((figure) => [figure.id, figure]));
  const cards = new Map(data.recent.map((card) => [card.id, card]));
  const merged: Proposal[] = [];
  for (const proposal of proposals) {
    if (proposal.cycleId !== data.cycleId) {
      merged.push(proposal);
      continue;
    }
    const figure = figures.get(proposal.id);
    if (!figure) continue;
    const card = cards.get(proposal.id);
    const next = { ...proposal, ...card, myVote: proposal.myVote, state: figure.state, counts: figure.counts };
    if (accepts(next, false)) merged.push(next);
  }
  const known = new Set(proposals.map((proposal) => proposal.id));
  for (const recent of data.recent) {
    const card: Proposal = { ...recent, may: NOTHING_PERMITTED };
    if (!known.has(card.id) && figures.has(card.id) && accepts(card, true)) merged.push(card);
  }
  return merged;
}

/** Follows a cycle's topic (none while `cycleId` is unknown), each `proposals` update given to `onProposals`. */
export function useCycleProposals(cycleId: string | null | undefined, onProposals: (data: CycleProposalsData) => void, onResync?: () => void): void {
  useLiveTopic<CycleProposalsData>(
    cycleId ? liveTopics.cycle(cycleId) : null,
    (update) => {
      if (update.kind === decisionsLiveKinds.proposals) onProposals(update.data);
    },
    onResync,
  );
}

/** Calls `onPhases` with the cycles list (GET /api/decisions) on every phase change, extension or new cycle. */
export function usePhases(onPhases: (list: CycleList) => void, onResync?: () => void): void {
  useLiveTopic<CycleList>(
    liveTopics.phases,
    (update: LiveUpdate<CycleList>) => {
      if (update.kind === decisionsLiveKinds.phases) onPhases(update.data);
    },
    onResync,
  );
}

/** The current cycles (GET /api/decisions), read once per visit and replaced by each `phases` push. */
export function useCycles(): Resource<CycleList> {
  const cycles = useResource('cycles', (signal) => decisionsApi.cycles(signal));
  usePhases(cycles.replace, cycles.reload);
  return cycles;
}

/** Whether a phases push moves a cycle to another phase, or opens one (an extension does not). */
export function phasesMoved(before: CycleList | undefined, after: CycleList): boolean {
  const key = (list: CycleList) => list.cycles.map((cycle) => `${cycle.id}:${cycle.phase}`).join(',');
  return !before || key(before) !== key(after);
}

/** Whether a phases push changes the phase or the deadline of the cycle shown (then the screen reads it again). */
export function cycleMoved(shown: Pick<CycleSummary, 'id' | 'phase' | 'phaseEndsAt'> | null | undefined, list: CycleList): boolean {
  if (!shown) return true;
  const now = list.cycles.find((cycle) => cycle.id === shown.id);
  return !now || now.phase !== shown.phase || now.phaseEndsAt !== shown.phaseEndsAt;
}

/** How long a countdown at zero waits for the phase change to be pushed before reading again itself. */
export const PHASE_PUSH_GRACE_MS = 5000;

/**
 * A countdown's `onElapsed` on a live screen: the phase change (or extension) is pushed right after
 * the deadline, so the screen reads again only when none came within the grace, in case the push was
 * lost. useCountdown calls it at zero, then every few seconds while still at zero.
 */
export function useLateReload(reload: () => void, graceMs = PHASE_PUSH_GRACE_MS): () => void {
  const since = useRef<number | null>(null);
  const last = useRef(0);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  return useCallback(() => {
    const now = Date.now();
    // More than a retry's interval since the last call: the countdown reached zero anew.
    if (since.current === null || now - last.current > 2 * 3000) since.current = now;
    last.current = now;
    if (now - since.current >= graceMs) latest.current();
  }, [graceMs]);
}

/** One stable function reloading every resource given (each read once more). */
export function useReloadAll(...resources: Pick<Resource<unknown>, 'reload'>[]): () => void {
  const latest = useRef(resources);
  useEffect(() => {
    latest.current = resources;
  });
  return useCallback(() => {
    for (const resource of latest.current) resource.reload();
  }, []);
}

/** The start rule's progress with the number of visible proposals pushed for its cycle. */
export function startRuleWith(rule: CycleSummary['startRule'], proposals: number): CycleSummary['startRule'] {
  return { ...rule, proposals, met: rule.verifiedUsers >= rule.requiredUsers && proposals >= rule.requiredProposals };
}

/** A cycle summary with its proposals' number pushed (its own cycle's update only). */
export function withProposalCount(cycle: CycleSummary, data: CycleProposalsData): CycleSummary {
  if (cycle.id !== data.cycleId) return cycle;
  return { ...cycle, proposals: data.proposals.length, startRule: startRuleWith(cycle.startRule, data.proposals.length) };
}
