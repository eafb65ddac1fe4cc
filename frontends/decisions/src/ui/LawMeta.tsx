/** How a law and its texts are labelled: state, badges, the title line, an amendment's changes. */
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import type { LawSummary } from '@civic/contracts';
import { Badge, type Tone } from '@civic/frontend-kit/design';
import { wordDiff } from '../law-text.js';
import { categoryMessages, common } from '../messages.js';
import { FollowButton } from './FollowButton.js';

export const lawStateMessages = {
  creation: { id: 'decisions.law.state.creation' },
  'final-vote': { id: 'decisions.law.state.finalVote' },
  adopted: { id: 'decisions.law.state.adopted' },
  rejected: { id: 'decisions.law.state.rejected' },
} as const;

/** Where a law stands at a glance. */
export const lawStateTones: Record<keyof typeof lawStateMessages, Tone> = { creation: 'accent', 'final-vote': 'accent', adopted: 'success', rejected: 'danger' };

/** Badges of a content item: pinned, signalled to the moderators or to the scribes. */
export function ContentBadges({ item }: { item: { pin: boolean; moderationStatus: 0 | 1; scribeStatus: 0 | 1 } }) {
  const { formatMessage: t } = useIntl();
  return (
    <>
      {item.pin ? <Badge tone="accent">{t(common.pinned)}</Badge> : null}
      {item.moderationStatus === 1 ? <Badge tone="warning">{t(common.signalled)}</Badge> : null}
      {item.scribeStatus === 1 ? <Badge tone="warning">{t({ id: 'decisions.content.signalledScribe' })}</Badge> : null}
    </>
  );
}

/** Where a law is read: its drafting while in creation, its final vote, then the archive. */
export function lawPath(law: Pick<LawSummary, 'id' | 'state'>): string {
  const id = encodeURIComponent(law.id);
  if (law.state === 'creation') return `/decisions/creations?law=${id}`;
  if (law.state === 'final-vote') return `/decisions/final-vote?law=${id}`;
  return `/archive/${id}`;
}

/** An amendment's name: its number (from 1 in its article), with its title where it has one. */
export function amendmentName(t: IntlShape['formatMessage'], number: number, title: string | null): string {
  return title ? t(common.amendmentTitle, { number, title }) : t(common.amendment, { number });
}

/** Title line of a law: category, state, author, creators, and with `followable` the button to follow it. */
export function LawMeta({ law, followable = false }: { law: LawSummary; followable?: boolean }) {
  const { formatMessage: t } = useIntl();
  return (
    <p className="decisions-proposal__meta">
      <Badge>{t(categoryMessages[law.category])}</Badge>
      <span data-law-state={law.state}>
        <Badge tone={lawStateTones[law.state]}>{t(lawStateMessages[law.state])}</Badge>
      </span>
      <span className="decisions-proposal__author">{t({ id: 'decisions.law.by' }, { name: law.userName })}</span>
      <Link to={`/decisions/creators/${encodeURIComponent(law.id)}`}>{t({ id: 'decisions.law.creatorsLink' }, { count: law.creators.length })}</Link>
      {/* A law keeps the id of the proposal it came from: following one follows the other. */}
      {/* Keyed by the law: another law (a tab) starts with its own unknown state. */}
      {followable ? <FollowButton key={law.id} documentId={law.id} kind="law" title={law.title} /> : null}
    </p>
  );
}

/** What an amendment changes in its article: removed words struck through, added words underlined. */
export function Changes({ before, after }: { before: string; after: string }) {
  const { formatMessage: t } = useIntl();
  return (
    <p className="decisions-diff" aria-label={t({ id: 'decisions.finalVote.changes' })}>
      {wordDiff(before, after).map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={index} title={t({ id: 'decisions.finalVote.removed' })}>
            {part.text}
          </del>
        ) : (
          <ins key={index} title={t({ id: 'decisions.finalVote.added' })}>
            {part.text}
          </ins>
        ),
      )}
    </p>
  );
}
