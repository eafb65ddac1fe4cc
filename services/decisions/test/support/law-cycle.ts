import type { Article, LawDetail, Proposal } from '@civic/contracts';
import { DAY, proposalInput, type Harness, type Member } from './harness.js';

type Injected = { statusCode: number; json<T = unknown>(): T; body: string; headers: Record<string, string | string[] | number | undefined> };

/** A request to the service as `who` (a visitor when absent). */
export const caller =
  (h: Harness) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Member, payload?: unknown, headers: Record<string, string> = {}): Promise<Injected> =>
    h.app.inject({ method, url, headers: { ...who?.headers, ...headers }, payload: payload as object }) as unknown as Promise<Injected>;

export interface DraftedLaw {
  lawId: string;
  author: Member;
  creators: Member[];
  voters: Member[];
  /** An article written by the first creator, with an amendment by the second. */
  articleId: string;
  amendmentId: string;
}

/**
 * Runs a cycle up to the drafting of one law (docs/product.md#decision-cycle): two proposals, three
 * voters on the first, the vote closed, then an article and its amendment written by the creators
 * drawn. The harness needs CREATORS_PER_LAW 2 at least.
 */
export async function draftLaw(h: Harness, title = 'Des pistes cyclables partout'): Promise<DraftedLaw> {
  const call = caller(h);
  await h.scheduler.tick();
  const author = await h.member({ name: 'Author' });
  const second = await h.member({ name: 'Second' });
  const voters = [await h.member({ name: 'Voter A' }), await h.member({ name: 'Voter B' }), await h.member({ name: 'Voter C' })];
  const lawId = (await call('POST', '/api/proposals', author, proposalInput(title))).json<Proposal>().id;
  expect((await call('POST', '/api/proposals', second, proposalInput('School gardens', 'education'))).statusCode).toBe(201);
  h.clock.advance(14 * DAY);
  await h.scheduler.tick(); // the vote opens
  for (const voter of voters) expect((await call('PUT', `/api/proposals/${lawId}/vote`, voter, { vote: 'for' })).statusCode).toBe(200);
  h.clock.advance(7 * DAY);
  await h.scheduler.tick(); // the vote closes: creation
  const detail = (await call('GET', `/api/laws/${lawId}`)).json<LawDetail>();
  const creators = detail.creators.map((creator) => voters.find((voter) => voter.id === creator.userId)!);
  const [first, next] = creators as [Member, Member];
  const articleId = (await call('POST', `/api/laws/${lawId}/articles`, first, { body: 'Chaque avenue a sa piste.' })).json<Article>().id;
  const amendmentId = (await call('POST', `/api/laws/${lawId}/articles/${articleId}/amendments`, next, { title: 'Largeur', body: 'Chaque avenue a sa piste large.' })).json<Article>().id;
  return { lawId, author, creators, voters, articleId, amendmentId };
}

/** From drafting to the archive: the final vote opens, `vote` casts its ballots, then it closes and the laws are archived (and sealed). */
export async function closeFinalVote(h: Harness, vote: () => Promise<void> = async () => undefined): Promise<void> {
  h.clock.advance(14 * DAY);
  await h.scheduler.tick(); // the final vote
  await vote();
  h.clock.advance(7 * DAY);
  await h.scheduler.tick(); // the archive
}
