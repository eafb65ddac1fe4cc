/**
 * The authorization matrix: every mutating route of the platform with, for each of the six callers,
 * the verdict the product rules give (docs/product.md; each row's `rule` names the heading it follows,
 * as `#roles-and-permissions`). Written by hand from the rules, never from the answers.
 *
 * - allowed: the request passes authorization (any answer but 401/403 and never 5xx; a 400, 404 or
 *   409 about the input or the state is fine: this is about who, not what);
 * - denied: 401 for a visitor, 403 for a member, in the error shape of docs/product.md#errors;
 * - hidden: 404 in that shape, where the rules hide the resource from that caller.
 *
 * Rows run in this order, each route's callers in `callers` order (owner last): some rows rely on
 * the state earlier rows left (a law signalled to the scribes may then be edited by a scribe).
 *
 * Rows about a proposal, a law, an article or amendment, a source or a candidate that exists on the
 * stack, and the suspension of a chat message's author, also name where the caller reads it (`may`):
 * every such answer says what its reader may do, and the flag of the row's action must agree with the
 * answer the action gets.
 */
import { alertMessageKeys, type ArticleMay, type CandidateMay, type CandidateView, type ChatHistory, type ChatMessageMay, type LawMay, type ProposalMay, type SourceMay } from '@civic/contracts';
import { MADE_UP_ID, callers, type Cast, type Caller } from './cast.js';

export type Verdict = 'allowed' | 'denied' | 'hidden';

export interface Call {
  path: string;
  json?: unknown;
}

/** The read of a row's target as the caller sees it, and the flag of its `may` that names the row's action. */
export interface MayFlag {
  read: string;
  flag: string;
  /** The target in the read's answer when it lists several (the candidates of a role, a room's messages); the answer itself otherwise. */
  pick?: (body: unknown) => unknown;
}

export interface Row {
  /** `METHOD /path` as in the services' OpenAPI documents. */
  route: string;
  verdicts: Record<Caller, Verdict>;
  /** The rule behind the verdicts, and the state the row relies on. */
  rule: string;
  /** The ids of the call that name nothing that exists, when the resource cannot exist on this stack. */
  madeUp?: string;
  call: (caller: Caller, cast: Cast) => Call;
  /** Where the caller reads the target, and which `may` flag the action's answer must agree with. */
  may?: (caller: Caller, cast: Cast) => MayFlag;
}

const verdictsOf = (pick: (caller: Caller) => Verdict) => Object.fromEntries(callers.map((caller) => [caller, pick(caller)])) as Record<Caller, Verdict>;
/** Anyone, logged in or not. */
const everyone = verdictsOf(() => 'allowed');
/** Logged-in members who are not suspended (suspension blocks voting and proposing). */
const participants = verdictsOf((caller) => (caller === 'visitor' || caller === 'suspended' ? 'denied' : 'allowed'));
/** Every logged-in member, suspended or not (following is reading, not taking part). */
const members = verdictsOf((caller) => (caller === 'visitor' ? 'denied' : 'allowed'));
/** Only these callers. */
const only = (...allowed: Caller[]) => verdictsOf((caller) => (allowed.includes(caller) ? 'allowed' : 'denied'));

/** Who signals a proposal of someone else's: any logged-in member but a suspended one (suspension stops taking part, signalling included). */
const signallers = ['user', 'scribe', 'moderator'] as const;

// The reads whose `may` the rows check.
const proposalMay = (id: string, flag: keyof ProposalMay): MayFlag => ({ read: `/api/proposals/${id}`, flag });
const lawMay = (id: string, flag: keyof LawMay): MayFlag => ({ read: `/api/laws/${id}`, flag });
const articleMay = (cast: Cast, id: string, flag: keyof ArticleMay): MayFlag => ({ read: `/api/laws/${cast.laws.drafted}/articles/${id}`, flag });
const sourceMay = (id: string, flag: keyof SourceMay): MayFlag => ({ read: `/api/sources/${id}`, flag });
const candidateMay = (candidateId: string, candidateTo: number, flag: keyof CandidateMay): MayFlag => ({
  read: `/api/candidates/${candidateTo}`,
  flag,
  pick: (body) => (body as CandidateView[]).find((candidate) => candidate.id === candidateId),
});
/** The bystander's chat message, as the caller reads it in its room's history. */
function bystanderMessageMay(cast: Cast, flag: keyof ChatMessageMay): MayFlag {
  const message = cast.bystanderMessage;
  if (!message) throw new Error('the bystander’s chat message was not posted');
  return { read: `/api/chat/rooms/${encodeURIComponent(message.room)}/messages?limit=200`, flag, pick: (body) => (body as ChatHistory).messages.find((item) => item.id === message.id) };
}
/** The proposal each caller signals: a proposal of its own to signal, the owner (its author) and the visitor the edited one. */
const signalled = (caller: Caller, cast: Cast) => (caller === 'visitor' || caller === 'owner' ? cast.proposals.edited : cast.proposals.toSignal[caller]);
/** The source each caller deletes: the allowed callers one of their own, the others the scribe's. */
const deletedSource = (caller: Caller, cast: Cast) => (caller === 'scribe' || caller === 'moderator' || caller === 'owner' ? cast.sources.deletedBy[caller] : cast.sources.deletedBy.scribe);
const fresh = (caller: Caller, what: string) => `${what}-${caller}-${Date.now()}@security.example.test`;

export const matrix: Row[] = [
  // --- identity: accounts and sessions (visitors must reach them) ---
  {
    route: 'POST /api/auth/register',
    verdicts: everyone,
    rule: 'anyone registers (#audience-and-accounts)',
    call: (caller) => ({ path: '/api/auth/register', json: { email: fresh(caller, 'register'), userName: `Register ${caller}`, password: 'register-password-1' } }),
  },
  {
    route: 'POST /api/auth/verify-account',
    verdicts: everyone,
    rule: 'the emailed link works without a session (#audience-and-accounts)',
    madeUp: 'token',
    call: () => ({ path: '/api/auth/verify-account', json: { token: 'made-up-verification-token' } }),
  },
  {
    route: 'POST /api/auth/resend-verification',
    verdicts: everyone,
    rule: 'part of registration, before any session',
    call: (_caller, cast) => ({ path: '/api/auth/resend-verification', json: { email: cast.members.bystander.email } }),
  },
  {
    route: 'POST /api/auth/password/forgot',
    verdicts: everyone,
    rule: 'the forgotten-password flow starts logged out (#screens-and-routes, /password)',
    call: (_caller, cast) => ({ path: '/api/auth/password/forgot', json: { email: cast.members.bystander.email } }),
  },
  {
    route: 'POST /api/auth/password/reset',
    verdicts: everyone,
    rule: 'the reset link works without a session',
    madeUp: 'token',
    call: () => ({ path: '/api/auth/password/reset', json: { token: 'made-up-reset-token', password: 'reset-password-1' } }),
  },
  {
    route: 'POST /api/auth/email/confirm',
    verdicts: everyone,
    rule: 'the email-change link works in any browser',
    madeUp: 'token',
    call: () => ({ path: '/api/auth/email/confirm', json: { token: 'made-up-email-token' } }),
  },
  {
    route: 'POST /api/auth/email/undo',
    verdicts: everyone,
    rule: 'the undo link mailed to the old address works in any browser',
    madeUp: 'token',
    call: () => ({ path: '/api/auth/email/undo', json: { token: 'made-up-undo-token' } }),
  },
  {
    route: 'POST /api/login',
    verdicts: everyone,
    rule: 'anyone logs in (#calls); the bystander’s right credentials, the caller’s cookies kept',
    call: (_caller, cast) => ({ path: '/api/login', json: { email: cast.members.bystander.email, password: cast.members.bystander.password } }),
  },
  {
    route: 'POST /api/login/auth-user',
    verdicts: everyone,
    rule: 'restores the session user, null for a visitor (#calls); called without {logout: true}, which would end the session the next rows use (logging out is covered by identity’s session tests)',
    call: () => ({ path: '/api/login/auth-user' }),
  },
  // --- identity: user-scoped routes, the owner's own account (#user-scoped-routes: logged-in id = path id) ---
  {
    route: 'PUT /api/users/{id}',
    verdicts: only('owner'),
    rule: 'candidacy of the user themself (#user-scoped-routes); withdrawing, which changes nothing',
    call: (_caller, cast) => ({ path: `/api/users/${cast.members.owner.id}`, json: { scribeCandidateDate: null } }),
  },
  {
    route: 'PUT /api/users/edit-profile/{id}',
    verdicts: only('owner'),
    rule: 'own profile only (#user-scoped-routes)',
    call: (_caller, cast) => ({ path: `/api/users/edit-profile/${cast.members.owner.id}`, json: { locale: 'en' } }),
  },
  {
    route: 'PUT /api/users/{id}/password',
    verdicts: only('owner'),
    rule: 'own password only (#user-scoped-routes); the owner sets the same password again',
    call: (_caller, cast) => ({ path: `/api/users/${cast.members.owner.id}/password`, json: { currentPassword: cast.members.owner.password, newPassword: cast.members.owner.password } }),
  },
  {
    route: 'POST /api/users/{id}/email',
    verdicts: only('owner'),
    rule: 'own email only (#user-scoped-routes)',
    call: (caller, cast) => ({ path: `/api/users/${cast.members.owner.id}/email`, json: { newEmail: fresh(caller, 'new-email'), password: cast.members.owner.password } }),
  },
  {
    route: 'DELETE /api/users/{id}',
    verdicts: only('owner'),
    rule: 'own account only (#user-scoped-routes); the owner’s password is right but the typed confirmation is wrong on purpose, so the account stays (400)',
    call: (_caller, cast) => ({ path: `/api/users/${cast.members.owner.id}`, json: { password: cast.members.owner.password, email: 'not-the-account@security.example.test' } }),
  },
  {
    route: 'POST /api/users/{id}/suspension',
    verdicts: only('moderator'),
    rule: 'moderators suspend users (#suspensions); the target is a bystander, offered from the chat on a message of theirs',
    call: (_caller, cast) => ({ path: `/api/users/${cast.members.bystander.id}/suspension`, json: { minutes: 10 } }),
    may: (_caller, cast) => bystanderMessageMay(cast, 'suspend'),
  },
  {
    route: 'DELETE /api/users/{id}/suspension',
    verdicts: only('moderator'),
    rule: 'a suspension can be lifted, by moderators (#suspensions)',
    call: (_caller, cast) => ({ path: `/api/users/${cast.members.bystander.id}/suspension` }),
    may: (_caller, cast) => bystanderMessageMay(cast, 'suspend'),
  },
  // --- decisions: proposals ---
  {
    route: 'POST /api/proposals',
    verdicts: participants,
    rule: 'registered users propose (#proposals); not while suspended',
    call: (caller) => ({ path: '/api/proposals', json: { title: `Proposal by the ${caller}`, description: 'A proposal of the authorization matrix.', category: 'other' } }),
  },
  {
    route: 'PUT /api/proposals/{id}',
    verdicts: only('owner'),
    rule: 'edited by its owner (#proposals); a moderator only once it is signalled, which it is not',
    call: (_caller, cast) => ({ path: `/api/proposals/${cast.proposals.edited}`, json: { title: 'Proposal edited', description: 'Edited by its owner.', category: 'environment', reason: 'A matrix edit (the author gives none).' } }),
    may: (_caller, cast) => proposalMay(cast.proposals.edited, 'edit'),
  },
  {
    route: 'DELETE /api/proposals/{id}',
    verdicts: only('owner'),
    rule: 'deleted by its owner (#proposals); a moderator only once it is signalled, which it is not',
    call: (_caller, cast) => ({ path: `/api/proposals/${cast.proposals.deleted}` }),
    may: (_caller, cast) => proposalMay(cast.proposals.deleted, 'remove'),
  },
  {
    route: 'POST /api/proposals/{id}/resubmit',
    verdicts: { ...only('owner'), user: 'hidden', suspended: 'hidden', scribe: 'hidden' },
    rule: 'resubmitted by its owner (#proposals); the proposal the owner just deleted is hidden from everyone but its owner and moderators',
    call: (_caller, cast) => ({ path: `/api/proposals/${cast.proposals.deleted}/resubmit` }),
    may: (_caller, cast) => proposalMay(cast.proposals.deleted, 'resubmit'),
  },
  {
    route: 'POST /api/proposals/{id}/signal',
    verdicts: only(...signallers),
    rule: 'any logged-in user other than the author signals to the moderators (#roles-and-permissions), not while suspended (#suspensions); each caller signals a proposal of its own, the owner their own',
    call: (caller, cast) => ({ path: `/api/proposals/${signalled(caller, cast)}/signal` }),
    may: (caller, cast) => proposalMay(signalled(caller, cast), 'signal'),
  },
  {
    route: 'PUT /api/proposals/{id}/pin',
    verdicts: only('moderator'),
    rule: 'pinning needs the permission (#roles-and-permissions), which moderators hold',
    call: (_caller, cast) => ({ path: `/api/proposals/${cast.proposals.edited}/pin`, json: { pin: true } }),
    may: (_caller, cast) => proposalMay(cast.proposals.edited, 'pin'),
  },
  {
    route: 'PUT /api/proposals/{id}/vote',
    verdicts: participants,
    rule: 'login needed to vote (#audience-and-accounts); suspension blocks voting (#suspensions)',
    madeUp: 'proposal (no proposal is in its vote while the matrix runs)',
    call: () => ({ path: `/api/proposals/${MADE_UP_ID}/vote`, json: { vote: 'for' } }),
  },
  {
    route: 'DELETE /api/proposals/{id}/vote',
    verdicts: participants,
    rule: 'as casting a vote',
    madeUp: 'proposal',
    call: () => ({ path: `/api/proposals/${MADE_UP_ID}/vote` }),
  },
  // --- decisions: laws in creation (the owner is the author and the only creator) ---
  {
    route: 'POST /api/laws/{id}/signal',
    verdicts: only('owner'),
    rule: 'signal to the scribes: the author, not a scribe, when scribeStatus is 0 (#roles-and-permissions)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/signal`, json: { to: 'scribe' } }),
    may: (_caller, cast) => lawMay(cast.laws.drafted, 'signalScribe'),
  },
  {
    route: 'PUT /api/laws/{id}',
    verdicts: only('owner', 'scribe'),
    rule: 'edit a law: owner, scribe when scribeStatus is 1 (signalled above), moderator when moderationStatus is 1 (it is 0) (#roles-and-permissions)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}`, json: { title: 'Law edited', description: 'Edited during creation.', reason: 'Clearer wording, asked by its author.' } }),
    may: (_caller, cast) => lawMay(cast.laws.drafted, 'edit'),
  },
  {
    route: 'DELETE /api/laws/{id}',
    verdicts: only('owner'),
    rule: 'delete a law: moderator when moderationStatus is 1 (it is 0), or the author (#roles-and-permissions)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.deleted}` }),
    may: (_caller, cast) => lawMay(cast.laws.deleted, 'remove'),
  },
  {
    route: 'PUT /api/laws/{id}/pin',
    verdicts: only('moderator'),
    rule: 'pinning needs the permission (#roles-and-permissions), which moderators hold',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/pin`, json: { pin: true } }),
    may: (_caller, cast) => lawMay(cast.laws.drafted, 'pin'),
  },
  {
    route: 'POST /api/laws/{id}/groups',
    verdicts: only('owner'),
    rule: 'creators draft, others only chat (#drafting)',
    call: (caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/groups`, json: { name: `Group by the ${caller}` } }),
    may: (_caller, cast) => lawMay(cast.laws.drafted, 'draft'),
  },
  {
    route: 'PUT /api/laws/{id}/groups/{groupId}',
    verdicts: only('owner'),
    rule: 'creators draft (#drafting)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/groups/${cast.groups.renamed}`, json: { name: 'Group renamed' } }),
    may: (_caller, cast) => lawMay(cast.laws.drafted, 'draft'),
  },
  {
    route: 'DELETE /api/laws/{id}/groups/{groupId}',
    verdicts: only('owner'),
    rule: 'creators draft (#drafting: add and delete group)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/groups/${cast.groups.deleted}` }),
    may: (_caller, cast) => lawMay(cast.laws.drafted, 'draft'),
  },
  {
    route: 'POST /api/laws/{id}/groups/{groupId}/move',
    verdicts: only('owner'),
    rule: 'creators draft (#drafting: move group up or down)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/groups/${cast.groups.renamed}/move`, json: { direction: 'up' } }),
    may: (_caller, cast) => lawMay(cast.laws.drafted, 'draft'),
  },
  {
    route: 'POST /api/laws/{id}/articles',
    verdicts: only('owner'),
    rule: 'creators write the articles (#drafting)',
    call: (caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/articles`, json: { body: `Article by the ${caller}.` } }),
    may: (_caller, cast) => lawMay(cast.laws.drafted, 'draft'),
  },
  {
    route: 'POST /api/laws/{id}/articles/{articleId}/signal',
    verdicts: only('owner'),
    rule: 'signal to the scribes: the author, not a scribe, when scribeStatus is 0 (#roles-and-permissions)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/articles/${cast.articles.edited}/signal`, json: { to: 'scribe' } }),
    may: (_caller, cast) => articleMay(cast, cast.articles.edited, 'signalScribe'),
  },
  {
    route: 'POST /api/laws/{id}/articles/{articleId}/amendments',
    verdicts: only('owner'),
    rule: 'creators write the amendments (#drafting)',
    call: (caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/articles/${cast.articles.edited}/amendments`, json: { title: null, body: `Amendment by the ${caller}.` } }),
    may: (_caller, cast) => articleMay(cast, cast.articles.edited, 'amend'),
  },
  {
    route: 'PUT /api/laws/{id}/articles/{articleId}',
    verdicts: only('owner', 'scribe'),
    rule: 'edit an article: author, scribe when scribeStatus is 1 (signalled above), moderator when moderationStatus is 1 (it is 0) (#roles-and-permissions)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/articles/${cast.articles.edited}`, json: { title: null, body: 'Article edited.', reason: 'Clearer wording, asked by its author.' } }),
    may: (_caller, cast) => articleMay(cast, cast.articles.edited, 'edit'),
  },
  {
    route: 'DELETE /api/laws/{id}/articles/{articleId}',
    verdicts: only('owner'),
    rule: 'delete an article: moderator when moderationStatus is 1 (it is 0), or the author (#roles-and-permissions)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/articles/${cast.articles.deleted}` }),
    may: (_caller, cast) => articleMay(cast, cast.articles.deleted, 'remove'),
  },
  {
    route: 'POST /api/laws/{id}/articles/{articleId}/move',
    verdicts: only('owner'),
    rule: 'creators order the articles (#drafting)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/articles/${cast.articles.edited}/move`, json: { groupId: null } }),
    may: (_caller, cast) => articleMay(cast, cast.articles.edited, 'move'),
  },
  {
    route: 'PUT /api/laws/{id}/articles/{articleId}/pin',
    verdicts: only('moderator'),
    rule: 'pinning needs the permission (#roles-and-permissions), which moderators hold',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/articles/${cast.articles.edited}/pin`, json: { pin: true } }),
    may: (_caller, cast) => articleMay(cast, cast.articles.edited, 'pin'),
  },
  {
    route: 'PUT /api/laws/{id}/articles/{articleId}/vote',
    verdicts: participants,
    rule: 'login needed to vote (#audience-and-accounts); suspension blocks voting (#suspensions)',
    madeUp: 'article (no law is in its final vote while the matrix runs)',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/articles/${MADE_UP_ID}/vote`, json: { vote: 'for' } }),
  },
  {
    route: 'DELETE /api/laws/{id}/articles/{articleId}/vote',
    verdicts: participants,
    rule: 'as casting a vote',
    madeUp: 'article',
    call: (_caller, cast) => ({ path: `/api/laws/${cast.laws.drafted}/articles/${MADE_UP_ID}/vote` }),
  },
  // --- decisions: sources of the drafted law ---
  {
    route: 'POST /api/sources',
    verdicts: only('owner', 'scribe'),
    rule: 'add a source to a law with permission (#roles-and-permissions): who may edit the law (its author, the scribes once it was signalled to them above), its creators',
    call: (caller, cast) => ({ path: '/api/sources', json: { targetKind: 'law', targetId: cast.laws.drafted, type: 6, title: `Source by the ${caller}` } }),
    may: (_caller, cast) => lawMay(cast.laws.drafted, 'addSource'),
  },
  {
    route: 'PUT /api/sources/{id}',
    verdicts: only('owner', 'scribe', 'moderator'),
    rule: 'edit a source: a moderator, or with the permission flag (may edit the law it cites) (#roles-and-permissions)',
    call: (_caller, cast) => ({ path: `/api/sources/${cast.sources.edited}`, json: { type: 6, title: 'Source edited' } }),
    may: (_caller, cast) => sourceMay(cast.sources.edited, 'edit'),
  },
  {
    route: 'PUT /api/sources/{id}/pin',
    verdicts: only('moderator'),
    rule: 'pinning needs the permission (#roles-and-permissions), which moderators hold',
    call: (_caller, cast) => ({ path: `/api/sources/${cast.sources.edited}/pin`, json: { pin: true } }),
    may: (_caller, cast) => sourceMay(cast.sources.edited, 'pin'),
  },
  {
    route: 'DELETE /api/sources/{id}',
    verdicts: only('owner', 'scribe', 'moderator'),
    rule: 'delete a source: a moderator, or with the permission flag (#roles-and-permissions); each allowed caller deletes a source of its own',
    call: (caller, cast) => ({ path: `/api/sources/${deletedSource(caller, cast)}` }),
    may: (caller, cast) => sourceMay(deletedSource(caller, cast), 'remove'),
  },
  // --- elections: votes on candidates, each caller as themselves ---
  {
    route: 'POST /api/candidates/votes',
    verdicts: { ...participants, scribe: 'denied' },
    rule: 'login needed to vote (#elections), as themselves (#user-scoped-routes), never for themselves; suspension blocks voting (#suspensions). The candidate is the scribe, standing this month; the month’s election closed when the scribe was elected, so an allowed vote answers 409 and changes nothing',
    call: (caller, cast) => ({ path: '/api/candidates/votes', json: { vote: 1, candidateId: cast.members.scribe.id, userId: voterId(caller, cast), candidateTo: 2 } }),
    may: (_caller, cast) => candidateMay(cast.members.scribe.id, 2, 'vote'),
  },
  {
    route: 'DELETE /api/candidates/votes',
    verdicts: { ...participants, scribe: 'denied' },
    rule: 'as casting a vote',
    call: (caller, cast) => ({ path: '/api/candidates/votes', json: { candidateId: cast.members.scribe.id, userId: voterId(caller, cast), candidateTo: 2 } }),
    may: (_caller, cast) => candidateMay(cast.members.scribe.id, 2, 'vote'),
  },
  // --- notifications: the owner's alerts ---
  {
    route: 'PUT /api/users/notifications/mark-all-as-read/{userId}',
    verdicts: only('owner'),
    rule: 'user-scoped (#user-scoped-routes)',
    call: (_caller, cast) => ({ path: `/api/users/notifications/mark-all-as-read/${cast.members.owner.id}` }),
  },
  {
    route: 'PUT /api/users/notifications/{id}',
    verdicts: only('owner'),
    rule: 'a user reads their own alerts (#notifications, #user-scoped-routes)',
    call: (_caller, cast) => ({ path: `/api/users/notifications/${cast.alerts.read}` }),
  },
  {
    route: 'DELETE /api/users/notifications/{id}',
    verdicts: only('owner'),
    rule: 'a user deletes their own alerts (#user-scoped-routes)',
    call: (_caller, cast) => ({ path: `/api/users/notifications/${cast.alerts.deleted}` }),
  },
  {
    route: 'POST /api/users/notifications',
    verdicts: only('moderator'),
    rule: 'alerts come from the platform: other services (service token) or a moderator (#notifications: trusted callers only)',
    call: (_caller, cast) => ({ path: '/api/users/notifications', json: { userId: cast.members.owner.id, messageKey: alertMessageKeys[0], params: {}, link: null } }),
  },
  // --- notifications: following (#following) ---
  {
    route: 'PUT /api/users/notifications/follows/{documentId}',
    verdicts: members,
    rule: 'any member follows a proposal or a law, a suspended one too (#following)',
    call: (_caller, cast) => ({ path: `/api/users/notifications/follows/${cast.proposals.edited}` }),
  },
  {
    route: 'DELETE /api/users/notifications/follows/{documentId}',
    verdicts: members,
    rule: 'a member stops following what they follow (#following)',
    call: (_caller, cast) => ({ path: `/api/users/notifications/follows/${cast.proposals.edited}` }),
  },
  {
    route: 'PUT /api/users/notifications/preferences',
    verdicts: members,
    rule: 'a member sets their own preferences; the route names no other user (#following)',
    call: () => ({ path: '/api/users/notifications/preferences', json: { edits: true, results: true, closing: false, digest: 'off' } }),
  },
  {
    route: 'POST /api/users/notifications/digest/unsubscribe',
    verdicts: everyone,
    rule: 'the mail\'s one-click link works without a session; the signed token says whose digest (#following)',
    madeUp: 'token',
    call: () => ({ path: '/api/users/notifications/digest/unsubscribe', json: { token: 'made-up-unsubscribe-token.abc' } }),
  },
  {
    route: 'POST /api/users/notifications/digest/one-click',
    verdicts: everyone,
    rule: 'RFC 8058’s one-click unsubscribe: the mail client posts it without a session, the signed token in the URL says whose digest (#following); the form itself is platform-attacks’ to check',
    madeUp: 'token',
    call: () => ({ path: `/api/users/notifications/digest/one-click?token=${encodeURIComponent('made-up-unsubscribe-token.abc')}`, json: { 'List-Unsubscribe': 'One-Click' } }),
  },
];

/** The voter a caller names: themselves; a visitor names the owner (a body without a user does nothing, #user-scoped-routes). */
function voterId(caller: Caller, cast: Cast): string {
  return caller === 'visitor' ? cast.members.owner.id : cast.members[caller].id;
}
