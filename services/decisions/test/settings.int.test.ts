import type { DecisionSettings } from '@civic/contracts';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ SELECTED_PROPOSALS: '1', PHASE_EXTENSION_SECONDS: '7200', CREATORS_PER_LAW: '4' });
});

afterAll(async () => {
  await h.close();
});

it('tells anyone the rules the service runs with, from its configuration', async () => {
  const answer = await h.app.inject({ url: '/api/decisions/settings' });
  expect(answer.statusCode).toBe(200);
  expect(answer.json<DecisionSettings>()).toMatchObject({ selectedProposals: 1, extensionSeconds: 7200, creatorsPerLaw: 4 });
});
