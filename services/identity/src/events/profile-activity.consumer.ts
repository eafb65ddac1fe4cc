import { ArticleCreated, ChatMessagePosted, LawCreated, ProposalCreated } from '@civic/contracts';
import { startConsumer, type RunningConsumer } from '@civic/service-kit';
import { UserProjections } from '../store/user.repository.js';
import type { IdentityConsumerHost } from './host.js';

/**
 * The profile's activity (made a proposal, laws created, articles created, chat messages), kept as
 * projections of decisions' and chat's events. The inbox makes a redelivered event count once.
 */
export function profileActivityConsumers(common: IdentityConsumerHost): (() => Promise<RunningConsumer>)[] {
  return [
    () =>
      startConsumer({
        ...common,
        name: 'identity-proposal-created',
        event: ProposalCreated,
        handle: (tx, payload) => UserProjections.markMadeProposal(tx, payload.userId),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'identity-law-created',
        event: LawCreated,
        handle: (tx, payload) => UserProjections.increment(tx, payload.userId, 'lawsCreated'),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'identity-article-created',
        event: ArticleCreated,
        handle: (tx, payload) => UserProjections.increment(tx, payload.userId, 'articlesCreated'),
      }),
    () =>
      startConsumer({
        ...common,
        name: 'identity-chat-message-posted',
        event: ChatMessagePosted,
        handle: (tx, payload) => UserProjections.increment(tx, payload.userId, 'chatMessages'),
      }),
  ];
}
