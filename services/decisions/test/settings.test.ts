import type { DecisionSettings } from '@civic/contracts';
import { createServiceApp, loadConfig, type ServiceApp } from '@civic/service-kit';
import { DecisionsConfig } from '../src/config.js';
import { decisionSettings, settingsRoutes } from '../src/routes/settings.routes.js';

const DAY = 24 * 60 * 60;
const env = { PORT: '0', DATABASE_URL: 'postgres://127.0.0.1/decisions', JWKS_URL: 'http://127.0.0.1/jwks.json' };

async function settingsOf(overrides: Record<string, string>): Promise<DecisionSettings> {
  const app: ServiceApp = await createServiceApp({ name: 'decisions', logger: false });
  await app.register(settingsRoutes, decisionSettings(loadConfig(DecisionsConfig, { ...env, ...overrides })));
  try {
    const response = await app.inject({ url: '/api/decisions/settings' });
    expect(response.statusCode).toBe(200);
    return response.json<DecisionSettings>();
  } finally {
    await app.close();
  }
}

describe('GET /api/decisions/settings', () => {
  it('answers the default numbers of the process', async () => {
    expect(await settingsOf({})).toEqual({
      phaseSeconds: { proposals: 14 * DAY, voting: 7 * DAY, creation: 14 * DAY, finalVote: 7 * DAY },
      extensionSeconds: DAY,
      startMinimums: { verifiedUsers: 150, proposals: 10 },
      selectedProposals: 3,
      secondChanceProposals: 3,
      creatorsPerLaw: 5,
      maxProposalsPerCycle: 100,
      proposalIntervalDays: 7,
    });
  });

  it('follows the configuration', async () => {
    const settings = await settingsOf({
      PHASE_PROPOSALS_SECONDS: '3600',
      PHASE_VOTING_SECONDS: '7200',
      PHASE_CREATION_SECONDS: '10800',
      PHASE_FINAL_VOTE_SECONDS: '14400',
      PHASE_EXTENSION_SECONDS: '7200',
      START_MIN_VERIFIED_USERS: '20',
      START_MIN_PROPOSALS: '4',
      SELECTED_PROPOSALS: '2',
      SECOND_CHANCE_PROPOSALS: '1',
      CREATORS_PER_LAW: '7',
      MAX_PROPOSALS_PER_CYCLE: '40',
      PROPOSAL_INTERVAL_DAYS: '0.5',
    });
    expect(settings).toEqual({
      phaseSeconds: { proposals: 3600, voting: 7200, creation: 10800, finalVote: 14400 },
      extensionSeconds: 7200,
      startMinimums: { verifiedUsers: 20, proposals: 4 },
      selectedProposals: 2,
      secondChanceProposals: 1,
      creatorsPerLaw: 7,
      maxProposalsPerCycle: 40,
      proposalIntervalDays: 0.5,
    });
  });
});
