import { randomUUID } from 'node:crypto';
import { ErrorMessages, Role, type Proposal, type ProposalList, type SimilarAnswer } from '@civic/contracts';
import { sql } from '@civic/service-kit';
import { startHarness, type Harness, type Member } from './support/harness.js';

let h: Harness;
const ids: Record<string, string> = {};

/** A proposal of the open cycle, submitted through the API by a member of its own (one proposal each). */
async function propose(key: string, title: string, description: string, category = 'transport'): Promise<Member> {
  const author = await h.member({ name: key });
  const response = await h.app.inject({ method: 'POST', url: '/api/proposals', headers: author.headers, payload: { title, description, category } });
  expect(response.statusCode).toBe(201);
  ids[key] = response.json<Proposal>().id;
  return author;
}

/** A law written by SQL, as the archive's imports and the benchmarks write them: the database indexes it by itself. */
async function law(key: string, cycleId: string, title: string, description: string, state: string, options: { deleted?: boolean; archivedDaysAgo?: number } = {}) {
  ids[key] = randomUUID();
  const archived = state === 'adopted' || state === 'rejected' ? new Date(Date.now() - (options.archivedDaysAgo ?? 10) * 86_400_000) : null;
  await h.db.$executeRaw(
    sql`INSERT INTO decisions.law (id, cycle_id, user_id, title, description, category, rank, state, created_at, updated_at, archived_at, deleted_at)
     VALUES (${ids[key]}::uuid, ${cycleId}::uuid, ${randomUUID()}::uuid, ${title}, ${description}, 'transport', 1, ${state}, now(), now(),
       ${archived}::timestamptz, ${options.deleted ? new Date() : null}::timestamptz)`,
  );
}

const similar = async (query: string) => {
  const response = await h.app.inject({ url: `/api/proposals/similar?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<SimilarAnswer>();
};
const similarIds = async (q: string) => {
  const answer = await similar(`q=${encodeURIComponent(q)}`);
  return { proposals: answer.proposals.map((p) => p.id), laws: answer.laws.map((l) => l.id) };
};
const listIds = async (query: string) => (await h.app.inject({ url: `/api/proposals${query}` })).json<ProposalList>().proposals.map((p) => p.id);

beforeAll(async () => {
  h = await startHarness();
  await h.scheduler.tick(); // opens cycle 1, for proposals
  const oldCycle = randomUUID();
  await h.db.$executeRaw(sql`INSERT INTO decisions.cycle (id, number, phase, phase_started_at, created_at) VALUES (${oldCycle}::uuid, 0, 'archive', now(), now())`);
  await propose('bikeLanes', 'Pistes cyclables sécurisées', 'Des pistes cyclables séparées des voitures dans chaque ville.');
  await propose('freeBikes', 'Free bicycles for students', 'Every student gets a bicycle for the school year.', 'education');
  await propose('ecology', 'Écologie urbaine et vélo', 'Planter des arbres le long des routes.', 'environment');
  await propose('bread', 'Pain gratuit à la cantine', 'Le pain est offert aux élèves.', 'education');
  const withdrawn = await propose('withdrawn', 'Vélos électriques subventionnés', 'Une aide pour acheter un vélo électrique.');
  expect((await h.app.inject({ method: 'DELETE', url: `/api/proposals/${ids['withdrawn']}`, headers: withdrawn.headers })).statusCode).toBe(204);
  await propose('rejected', 'Parkings à vélos', 'Des arceaux à vélos devant chaque gare.');
  await h.db.$executeRaw(sql`UPDATE decisions.proposal SET state = 'rejected' WHERE id = ${ids['rejected']}::uuid`);
  // A proposal of an archived cycle is no longer "current".
  ids['oldProposal'] = randomUUID();
  await h.db.$executeRaw(
    sql`INSERT INTO decisions.proposal (id, cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
     VALUES (${ids['oldProposal']}::uuid, ${oldCycle}::uuid, ${randomUUID()}::uuid, 'Vélos pour tous', 'Un ancien vélo.', 'transport', 'selected', now(), now(), now())`,
  );
  await law('veloLaw', oldCycle, 'Des vélos en libre-service', 'Chaque commune propose des vélos en libre-service.', 'adopted');
  await law('ecoLaw', oldCycle, 'Taxe carbone', "Une taxe pour l'écologie, dont le produit finance le vélo.", 'rejected', { archivedDaysAgo: 2 });
  await law('draftLaw', oldCycle, 'Vélo obligatoire', 'En cours de rédaction.', 'creation');
  await law('deletedLaw', oldCycle, 'Vélos supprimés', 'Une loi supprimée.', 'adopted', { deleted: true });
  await law('bicycleLaw', oldCycle, 'Bicycle helmets', 'Helmets for every cyclist riding a bicycle.', 'adopted');
});

afterAll(async () => {
  await h.close();
});

describe('similar proposals and laws', () => {
  it('finds the proposals of the current cycle and the archived laws, title first, in the answer shape', async () => {
    const answer = await similar('q=v%C3%A9lo');
    expect(answer.proposals).toEqual([{ id: ids['ecology'], title: 'Écologie urbaine et vélo', category: 'environment', state: 'submitted', cycleId: expect.any(String) }]);
    // The law with "vélo" in its title comes before the one with it only in its description.
    expect(answer.laws.map((l) => l.id)).toEqual([ids['veloLaw'], ids['ecoLaw']]);
    expect(answer.laws[0]).toMatchObject({ title: 'Des vélos en libre-service', category: 'transport', state: 'adopted', archivedAt: expect.any(String) });
  });

  it('stems French and English: "vélos" finds "vélo", "bicycle" finds "bicycles"', async () => {
    expect(await similarIds('vélos ')).toEqual({ proposals: [ids['ecology']], laws: [ids['veloLaw'], ids['ecoLaw']] });
    expect(await similarIds('bicycle ')).toEqual({ proposals: [ids['freeBikes']], laws: [ids['bicycleLaw']] });
    expect((await similarIds('sécurisée ')).proposals).toEqual([ids['bikeLanes']]);
  });

  it('matches with or without accents, both ways', async () => {
    expect((await similarIds('ecologie urbaine')).proposals).toEqual([ids['ecology']]);
    expect((await similarIds('ÉCOLOGIE')).proposals).toEqual([ids['ecology']]);
    expect((await similarIds('piste cyclable sécurisée')).proposals).toEqual([ids['bikeLanes']]);
    expect((await similarIds('securisees')).proposals).toEqual([ids['bikeLanes']]);
    expect((await similarIds('ecologie')).laws).toEqual([ids['ecoLaw']]);
  });

  it('matches the word being typed as a prefix, and ranks proposals matching more words first', async () => {
    expect((await similarIds('cycla')).proposals).toEqual([ids['bikeLanes']]);
    expect((await similarIds('bicyc')).laws).toEqual([ids['bicycleLaw']]);
    expect((await similarIds('pain vélo cantine')).proposals).toEqual([ids['bread'], ids['ecology']]);
  });

  it('never shows deleted or rejected proposals, proposals of past cycles, laws not archived or deleted laws', async () => {
    const found = await similarIds('vélos électriques parkings arceaux obligatoire supprimés tous');
    for (const hidden of ['withdrawn', 'rejected', 'oldProposal']) expect(found.proposals).not.toContain(ids[hidden]);
    for (const hidden of ['draftLaw', 'deletedLaw']) expect(found.laws).not.toContain(ids[hidden]);
    expect(found).toEqual({ proposals: [ids['ecology']], laws: [ids['veloLaw'], ids['ecoLaw']] });
  });

  it('answers members and moderators as it answers visitors', async () => {
    const visitor = await similar('q=velo');
    for (const role of [undefined, Role.Moderator]) {
      const reader = await h.member({ role });
      const response = await h.app.inject({ url: '/api/proposals/similar?q=velo', headers: reader.headers });
      expect(response.json()).toEqual(visitor);
    }
  });

  it('leaves out the proposal being edited, and answers nothing for stop words only', async () => {
    expect((await similarIds('cyclables')).proposals).toEqual([ids['bikeLanes']]);
    expect((await similar(`q=cyclables&exclude=${ids['bikeLanes']}`)).proposals).toEqual([]);
    expect(await similar('q=les%20de%20the')).toEqual({ proposals: [], laws: [] });
  });

  it('takes quotes and search operators as plain words', async () => {
    for (const q of [`"vélo" & !`, `vélo:* | (')`, `vélo <-> \\'; DROP TABLE law; --`]) {
      expect((await similarIds(q)).laws).toContain(ids['veloLaw']);
    }
  });

  it.each([
    ['no q', ''],
    ['a q of one character', 'q=a'],
    ['a q of spaces', 'q=%20%20%20'],
    ['a q over 300 characters', `q=${'a'.repeat(301)}`],
    ['an exclude that is not an id', 'q=velo&exclude=12'],
    ['an unknown parameter', 'q=velo&limit=50'],
  ])('answers 400 for %s, in the catalogue shape', async (_name, query) => {
    const response = await h.app.inject({ url: `/api/proposals/similar?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, statusMessage: expect.any(String) });
    expect(Object.values(ErrorMessages)).toContain(response.json<{ statusMessage: string }>().statusMessage);
  });
});

describe('searching the list of proposals', () => {
  it('narrows the open cycle by words (every word, accents folded, best first) and by category', async () => {
    expect(await listIds('?q=velo')).toEqual([ids['ecology']]);
    expect(await listIds('?q=pistes%20VOITURES')).toEqual([ids['bikeLanes']]);
    expect(await listIds('?q=pistes%20pain')).toEqual([]);
    expect((await listIds(`?q=${encodeURIComponent('élèves')}`)).sort()).toEqual([ids['bread']]);
    // Title (bread) before description only (none here) and prefix of the word being typed.
    expect(await listIds('?q=gratu')).toEqual([ids['bread']]);
    expect(await listIds('?q=student&category=education')).toEqual([ids['freeBikes']]);
    expect(await listIds('?q=student&category=transport')).toEqual([]);
    expect((await listIds('?category=education')).sort()).toEqual([ids['freeBikes'], ids['bread']].sort());
  });

  it('keeps hidden proposals out of a search, and lists everything when the words are only stop words', async () => {
    expect(await listIds('?q=électriques')).toEqual([]);
    expect(await listIds('?q=arceaux')).toEqual([]);
    expect((await listIds('?q=les')).sort()).toEqual((await listIds('')).sort());
  });

  it('refuses a q over 300 characters (400)', async () => {
    const response = await h.app.inject({ url: `/api/proposals?q=${'a'.repeat(301)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400 });
  });
});
