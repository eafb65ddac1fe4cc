import {
  ChatMessageModerated,
  ChatMessageReplied,
  ChatMessageSignalled,
  ContentModerated,
  ContentSignalled,
  CyclePhaseChanged,
  ElectionClosed,
  FinalVoteClosing,
  LawArchived,
  LawCreatorsDrawn,
  LawSealRefused,
  ProposalDeleted,
  ProposalEdited,
  ProposalSecondChance,
  ProposalSelected,
  ProposalSignalled,
  ProposalVoteClosed,
  TextVersioned,
  UserDeleted,
  UserRegistered,
  UserRoleChanged,
  UserSuspended,
  UserSuspensionLifted,
  type EventDefinition,
  type EventEnvelope,
  type NewestPayload,
} from '@civic/contracts';
import { startConsumer, type ConsumerHost, type RunningConsumer, type SqlExecutor } from '@civic/service-kit';
import * as messages from '../domain/alert-messages.js';
import type { AlertBatch, BroadcastAlert } from '../domain/alert-messages.js';
import { alertFollowers } from '../commands/alert-followers.command.js';
import { alertModerators } from '../commands/alert-moderators.command.js';
import { broadcastAlert } from '../commands/broadcast-alert.command.js';
import { deliverAlerts } from '../commands/deliver-alerts.command.js';
import { forgetAccount } from '../commands/forget-account.command.js';
import { recordDocument } from '../commands/record-document.command.js';
import { recordMemberRegistered, recordMemberRole } from '../commands/record-member.command.js';
import { documentChange, finalVoteClosingAlerts, lawArchivedFollowAlert, proposalVoteClosedAlerts, textVersionedAlert, type FollowAlert } from '../domain/follow-alerts.js';
import type { UnreadHub } from '../live/unread-hub.js';
import { FollowRepository } from '../store/follow.repository.js';

/** What a consumer's committed effect means for the live counts. */
type LiveChange = { users: string[] } | { everyone: true } | { closed: string[] } | null;

export interface ConsumerDeps {
  /** What the service's consumers share (createEventedApp's `consumers`). */
  host: ConsumerHost;
  hub: UnreadHub;
  /** Runs after each effect committed, with the consumer's name without the service's prefix (tests wait for every consumer of an event). */
  onApplied?: (envelope: EventEnvelope, consumer: string) => void;
}

/**
 * The consumers of this service: identity's users (projection, deletions), and every event that
 * makes an alert. Each applies its event once (inbox row in the same transaction) through a command,
 * and once the effect is committed tells the replicas whose counts changed.
 */
export function alertConsumers({ host, hub, onApplied }: ConsumerDeps): (() => Promise<RunningConsumer>)[] {
  const changes = new Map<string, LiveChange>();

  function consumer<D extends EventDefinition>(
    name: string,
    event: D,
    apply: (tx: SqlExecutor, payload: NewestPayload<D>, envelope: EventEnvelope) => Promise<LiveChange>,
  ) {
    return () =>
      startConsumer({
        ...host,
        name: `notifications-${name}`,
        event,
        handle: async (tx, payload, envelope) => {
          changes.set(envelope.id, await apply(tx, payload, envelope));
        },
        beforeAck: async (envelope) => {
          const change = changes.get(envelope.id);
          changes.delete(envelope.id);
          if (change && 'users' in change) hub.changed(change.users);
          else if (change && 'everyone' in change) hub.changedForEveryone();
          else if (change && 'closed' in change) hub.closeUsers(change.closed);
          onApplied?.(envelope, name);
        },
      });
  }

  /** Alerts for named users. */
  const alerts = <D extends EventDefinition>(name: string, event: D, make: (payload: NewestPayload<D>) => AlertBatch[]) =>
    consumer(name, event, async (tx, payload) => {
      const users = await deliverAlerts(tx, make(payload));
      return users.length ? { users } : null;
    });

  /** Alerts for the followers of the documents concerned (their preferences decide who gets each). */
  const followed = <D extends EventDefinition>(
    name: string,
    event: D,
    make: (tx: SqlExecutor, payload: NewestPayload<D>) => Promise<FollowAlert[]>,
  ) =>
    consumer(name, event, async (tx, payload) => {
      const users = await alertFollowers(tx, await make(tx, payload));
      return users.length ? { users } : null;
    });

  /**
   * An alert for everyone: one broadcast row, whatever the number of members (src/domain/broadcasts.ts);
   * every replica then pushes the new count to all its open streams.
   */
  const broadcast = <D extends EventDefinition>(name: string, event: D, make: (payload: NewestPayload<D>) => BroadcastAlert) =>
    consumer(name, event, async (tx, payload) => {
      const { messageKey, params, link } = make(payload);
      await broadcastAlert(tx, { messageKey, params, link });
      return { everyone: true };
    });

  return [
    // identity: the users projection, deletions, suspensions
    consumer('user-registered', UserRegistered, async (tx, p) => {
      await recordMemberRegistered(tx, p);
      return null;
    }),
    consumer('user-role-changed', UserRoleChanged, async (tx, p) => {
      // Alerts about roles come from the election result (elections.election.closed), which names
      // the role and the month; this event only keeps who is a moderator now.
      await recordMemberRole(tx, p);
      return null;
    }),
    consumer('user-deleted', UserDeleted, async (tx, p) => {
      await forgetAccount(tx, p.userId, p.deletedAt);
      return { closed: [p.userId] };
    }),
    alerts('user-suspended', UserSuspended, messages.suspendedAlerts),
    alerts('user-suspension-lifted', UserSuspensionLifted, (p) => messages.suspensionLiftedAlerts(p.userId)),
    // decisions
    broadcast('cycle-phase-changed', CyclePhaseChanged, messages.phaseChangedAlert),
    alerts('proposal-selected', ProposalSelected, messages.proposalSelectedAlerts),
    alerts('proposal-second-chance', ProposalSecondChance, messages.proposalSecondChanceAlerts),
    alerts('proposal-edited', ProposalEdited, messages.proposalEditedAlerts),
    alerts('proposal-deleted', ProposalDeleted, messages.proposalDeletedAlerts),
    alerts('proposal-signalled', ProposalSignalled, messages.proposalSignalledAlerts),
    alerts('law-creators-drawn', LawCreatorsDrawn, messages.creatorsDrawnAlerts),
    alerts('law-archived', LawArchived, messages.lawArchivedAlerts),
    alerts('content-signalled', ContentSignalled, messages.contentSignalledAlerts),
    alerts('content-moderated', ContentModerated, messages.contentModeratedAlerts),
    consumer('law-seal-refused', LawSealRefused, async (tx, p) => {
      const users = await alertModerators(tx, (moderators) => messages.lawSealRefusedAlerts(p, moderators));
      return users.length ? { users } : null;
    }),
    // elections
    alerts('election-closed', ElectionClosed, messages.electionClosedAlerts),
    // chat
    alerts('chat-message-replied', ChatMessageReplied, messages.chatRepliedAlerts),
    alerts('chat-message-signalled', ChatMessageSignalled, messages.chatSignalledAlerts),
    alerts('chat-message-moderated', ChatMessageModerated, messages.chatModeratedAlerts),
    // followers of a proposal or a law (docs/product.md#following)
    followed('text-versioned', TextVersioned, async (tx, p) => {
      await recordDocument(tx, documentChange(p));
      const alert = textVersionedAlert(p);
      return alert ? [alert] : [];
    }),
    followed('proposal-vote-closed', ProposalVoteClosed, async (tx, p) => {
      const titles = await FollowRepository.titles(tx, [...p.selected, ...p.secondChance, ...p.rejected]);
      return proposalVoteClosedAlerts(p, (id) => titles.get(id));
    }),
    followed('law-archived-followers', LawArchived, async (_tx, p) => {
      const alert = lawArchivedFollowAlert(p);
      return alert ? [alert] : [];
    }),
    followed('final-vote-closing', FinalVoteClosing, async (_tx, p) => finalVoteClosingAlerts(p)),
  ];
}
