import { useIntl } from 'react-intl';
import { useShell } from '../RemoteFrame.js';

const overview = {
  title: { id: 'decisions.overview.title' },
  intro: { id: 'decisions.overview.intro' },
  proposalsTitle: { id: 'decisions.overview.proposals.title' },
  proposalsDescription: { id: 'decisions.overview.proposals.description' },
  votingTitle: { id: 'decisions.overview.voting.title' },
  votingDescription: { id: 'decisions.overview.voting.description' },
  creationTitle: { id: 'decisions.overview.creation.title' },
  creationDescription: { id: 'decisions.overview.creation.description' },
  finalVoteTitle: { id: 'decisions.overview.finalVote.title' },
  finalVoteDescription: { id: 'decisions.overview.finalVote.description' },
  archiveTitle: { id: 'decisions.overview.archive.title' },
  archiveDescription: { id: 'decisions.overview.archive.description' },
  kanbanProposalsTitle: { id: 'decisions.overview.kanbanProposals.title' },
  kanbanProposalsDescription: { id: 'decisions.overview.kanbanProposals.description' },
  kanbanLawsTitle: { id: 'decisions.overview.kanbanLaws.title' },
  kanbanLawsDescription: { id: 'decisions.overview.kanbanLaws.description' },
};

/** /decisions: the phases of a decision, each a way into its screen. */
export function DecisionsOverviewScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return (
    <layouts.cardsList
      title={t(overview.title)}
      intro={t(overview.intro)}
      cards={[
        { to: '/decisions/proposals', title: t(overview.proposalsTitle), description: t(overview.proposalsDescription) },
        { to: '/decisions/voting-on-proposals', title: t(overview.votingTitle), description: t(overview.votingDescription) },
        { to: '/decisions/creations', title: t(overview.creationTitle), description: t(overview.creationDescription) },
        { to: '/decisions/final-vote', title: t(overview.finalVoteTitle), description: t(overview.finalVoteDescription) },
        { to: '/archive', title: t(overview.archiveTitle), description: t(overview.archiveDescription) },
        { to: '/kanban/proposals', title: t(overview.kanbanProposalsTitle), description: t(overview.kanbanProposalsDescription) },
        { to: '/kanban/laws', title: t(overview.kanbanLawsTitle), description: t(overview.kanbanLawsDescription) },
      ]}
    />
  );
}

const decision = { title: { id: 'decisions.decision.title' }, intro: { id: 'decisions.decision.intro' } };

/** /decisions/:id: one decision cycle. */
export function DecisionScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.default title={t(decision.title)} intro={t(decision.intro)} />;
}

const proposals = { title: { id: 'decisions.proposals.title' }, intro: { id: 'decisions.proposals.intro' } };

/** /decisions/proposals: the proposal submission phase. */
export function ProposalsScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(proposals.title)} intro={t(proposals.intro)} />;
}

const voting = {
  title: { id: 'decisions.votingOnProposals.title' },
  intro: { id: 'decisions.votingOnProposals.intro' },
};

/** /decisions/voting-on-proposals */
export function VotingOnProposalsScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(voting.title)} intro={t(voting.intro)} />;
}

const creations = { title: { id: 'decisions.creations.title' }, intro: { id: 'decisions.creations.intro' } };

/** /decisions/creations: the creation phase. */
export function CreationsScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(creations.title)} intro={t(creations.intro)} />;
}

const creators = { title: { id: 'decisions.creators.title' }, intro: { id: 'decisions.creators.intro' } };

/** /decisions/creators/:id: the creators drawn for a law. */
export function CreatorsScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(creators.title)} intro={t(creators.intro)} />;
}

const finalVote = { title: { id: 'decisions.finalVote.title' }, intro: { id: 'decisions.finalVote.intro' } };

/** /decisions/final-vote */
export function FinalVoteScreen() {
  const { formatMessage: t } = useIntl();
  const { layouts } = useShell();
  return <layouts.list title={t(finalVote.title)} intro={t(finalVote.intro)} />;
}
