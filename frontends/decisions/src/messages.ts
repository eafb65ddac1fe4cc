/** Message descriptors of the enumerations the screens show, one per value so none is missing. */
import type { DecisionPhase, ProposalCategory, ProposalState, VoteChoice } from '@civic/contracts';

interface Descriptor {
  id: string;
}

export const categoryMessages: Record<ProposalCategory, Descriptor> = {
  security: { id: 'decisions.category.security' },
  relations: { id: 'decisions.category.relations' },
  economy: { id: 'decisions.category.economy' },
  education: { id: 'decisions.category.education' },
  health: { id: 'decisions.category.health' },
  labour: { id: 'decisions.category.labour' },
  transport: { id: 'decisions.category.transport' },
  environment: { id: 'decisions.category.environment' },
  justice: { id: 'decisions.category.justice' },
  defense: { id: 'decisions.category.defense' },
  'international-relations': { id: 'decisions.category.internationalRelations' },
  meta: { id: 'decisions.category.meta' },
  'culture-and-sports': { id: 'decisions.category.cultureAndSports' },
  'social-affairs': { id: 'decisions.category.socialAffairs' },
  other: { id: 'decisions.category.other' },
};

export const phaseMessages: Record<DecisionPhase, Descriptor> = {
  proposals: { id: 'decisions.phase.proposals' },
  voting: { id: 'decisions.phase.voting' },
  creation: { id: 'decisions.phase.creation' },
  'final-vote': { id: 'decisions.phase.finalVote' },
  archive: { id: 'decisions.phase.archive' },
};

/** The screen that follows each phase. */
export const phaseScreens: Record<DecisionPhase, string> = {
  proposals: '/decisions/proposals',
  voting: '/decisions/voting-on-proposals',
  creation: '/decisions/creations',
  'final-vote': '/decisions/final-vote',
  archive: '/archive',
};

export const stateMessages: Record<ProposalState, Descriptor> = {
  submitted: { id: 'decisions.state.submitted' },
  'in-vote': { id: 'decisions.state.inVote' },
  selected: { id: 'decisions.state.selected' },
  'second-chance': { id: 'decisions.state.secondChance' },
  rejected: { id: 'decisions.state.rejected' },
  deleted: { id: 'decisions.state.deleted' },
};

export const choiceMessages: Record<VoteChoice, Descriptor> = {
  for: { id: 'decisions.vote.for' },
  against: { id: 'decisions.vote.against' },
  neutral: { id: 'decisions.vote.neutral' },
  blank: { id: 'decisions.vote.blank' },
};

/** The words several screens share: the actions on a text, its marks, and the names of a law's texts. */
export const common = {
  edit: { id: 'decisions.proposal.edit' },
  save: { id: 'decisions.proposal.save' },
  saved: { id: 'decisions.article.saved' },
  created: { id: 'decisions.article.created' },
  delete: { id: 'decisions.proposal.delete' },
  moveUp: { id: 'decisions.move.up' },
  moveDown: { id: 'decisions.move.down' },
  pin: { id: 'decisions.proposal.pin' },
  unpin: { id: 'decisions.proposal.unpin' },
  pinned: { id: 'decisions.proposal.pinned' },
  signalled: { id: 'decisions.proposal.signalled' },
  signalModerator: { id: 'decisions.proposal.signal' },
  signalScribe: { id: 'decisions.content.signalScribe' },
  actions: { id: 'decisions.proposal.actions' },
  rank: { id: 'decisions.proposal.rank' },
  score: { id: 'decisions.vote.score' },
  counts: { id: 'decisions.vote.counts' },
  logIn: { id: 'decisions.proposals.logIn' },
  loginToVote: { id: 'decisions.votingOnProposals.loginToVote' },
  cycle: { id: 'decisions.cycle.name' },
  nextStep: { id: 'decisions.countdown.nextStep' },
  category: { id: 'decisions.form.category' },
  voters: { id: 'decisions.law.voters' },
  sources: { id: 'decisions.source.list' },
  article: { id: 'decisions.article.number' },
  articleText: { id: 'decisions.article.text' },
  amendment: { id: 'decisions.amendment.number' },
  amendmentTitle: { id: 'decisions.amendment.title' },
  original: { id: 'decisions.finalVote.original' },
};
