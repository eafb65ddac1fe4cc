/**
 * The test stacks' phase control (DECISIONS_PHASE_CONTROL): PUT /api/decisions/phase-end ends a
 * cycle's current phase now and applies what follows at once; without the setting the route does not
 * exist.
 */
import { randomUUID } from 'node:crypto';
import { ErrorMessages, type CycleSummary, type Proposal } from '@civic/contracts';
import { proposalInput, startHarness, type Harness } from './support/harness.js';

const cycles = async (h: Harness) => (await h.app.inject({ url: '/api/decisions' })).json<{ cycles: CycleSummary[] }>().cycles;
const endPhase = (h: Harness, payload: unknown) => h.app.inject({ method: 'PUT', url: '/api/decisions/phase-end', payload: payload as object });

describe('with DECISIONS_PHASE_CONTROL', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ DECISIONS_PHASE_CONTROL: 'true' });
  });
  afterAll(async () => h.close());

  it('ends the proposals phase now and moves the cycle to its vote once the start rule is met', async () => {
    await h.scheduler.tick();
    const [open] = await cycles(h);
    expect(open).toMatchObject({ phase: 'proposals' });
    for (const title of ['Alpha plan', 'Beta plan']) {
      const member = await h.member();
      const answer = await h.app.inject({ method: 'POST', url: '/api/proposals', headers: member.headers, payload: proposalInput(title) });
      expect(answer.json<Proposal>().cycleId).toBe(open!.id);
    }

    const answer = await endPhase(h, { cycleId: open!.id });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ transitions: number }>().transitions).toBeGreaterThan(0);
    expect((await cycles(h)).find((cycle) => cycle.id === open!.id)).toMatchObject({ phase: 'voting' });
  });

  it('answers 404 for an unknown cycle and 400 for a body that is not a cycle id, changing nothing', async () => {
    const before = await cycles(h);
    const unknown = await endPhase(h, { cycleId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusMessage: ErrorMessages.notFound });
    for (const payload of [{}, { cycleId: 'not-an-id' }, { cycleId: randomUUID(), extra: 1 }]) {
      const bad = await endPhase(h, payload);
      expect(bad.statusCode).toBe(400);
    }
    expect(await cycles(h)).toEqual(before);
  });
});

describe('without the setting', () => {
  it('has no such route', async () => {
    const h = await startHarness();
    try {
      await h.scheduler.tick();
      const [open] = await cycles(h);
      const answer = await endPhase(h, { cycleId: open!.id });
      expect(answer.statusCode).toBe(404);
      expect((await cycles(h))[0]).toMatchObject({ id: open!.id, phase: 'proposals', phaseEndsAt: open!.phaseEndsAt });
    } finally {
      await h.close();
    }
  });
});
