import { liveTopics } from '@civic/contracts';
import { assertTimeZone, cachedVerifier, createEventedApp, identityVerifier, installAuth, runConsumersWithApp, type EventBus, type OpenApiOptions, type ServiceApp, type TokenVerifier } from '@civic/service-kit';
import type { ElectionsConfig } from './config.js';
import { parseTimeOfDay, type ElectionTime } from './domain/calendar.js';
import type { Seats } from './domain/tally.js';
import { memberConsumers } from './events/member.consumers.js';
import { candidatesRoutes } from './routes/candidates.routes.js';
import { openMonth, type ElectionsContext } from './routes/context.js';
import { electionsLivePublisher } from './events/live-figures.js';
import { electionsRoutes, type ClockControl } from './routes/elections.routes.js';
import { ElectionScheduler } from './scheduler/election.scheduler.js';
import { CandidacyRepository } from './store/candidacy.repository.js';
import { ElectionRepository } from './store/election.repository.js';
import { MemberRepository } from './store/member.repository.js';
import type { ElectionsPrisma } from './store/prisma.js';

export interface ElectionsDeps {
  config: ElectionsConfig;
  db: ElectionsPrisma;
  bus: EventBus;
  logger?: boolean;
  /** The current time; tests move it to run elections in milliseconds. */
  clock?: () => Date;
  /** false leaves the election job to the caller (tests tick it by hand). */
  schedule?: boolean;
  /** Checks access tokens; identity's JWKS (JWKS_URL) when not given. */
  verifier?: TokenVerifier;
}

export interface Elections {
  app: ServiceApp;
  scheduler: ElectionScheduler;
}

export function electionTime(config: ElectionsConfig): ElectionTime {
  try {
    assertTimeZone(config.ELECTIONS_TIME_ZONE);
  } catch {
    throw new Error(`ELECTIONS_TIME_ZONE is not a time zone this runtime knows: ${config.ELECTIONS_TIME_ZONE}`);
  }
  return { timeZone: config.ELECTIONS_TIME_ZONE, minutes: parseTimeOfDay(config.ELECTION_TIME) ?? 0 };
}

export function seats(config: ElectionsConfig): Seats {
  return { moderators: config.ELECTED_MODERATORS, scribes: config.ELECTED_SCRIBES, greatWises: config.ELECTED_GREAT_WISES };
}

/** With ELECTIONS_CLOCK_CONTROL the clock carries an offset that PUT /api/elections/clock moves. */
function controllableClock(base: () => Date): { clock: () => Date; control: ClockControl } {
  let offsetMs = 0;
  return {
    clock: () => new Date(base().getTime() + offsetMs),
    control: {
      set({ now, advanceMs }) {
        if (now !== undefined) offsetMs = Date.parse(now) - base().getTime();
        if (advanceMs !== undefined) offsetMs += advanceMs;
      },
    },
  };
}

/** The elections service's OpenAPI document, made of its routes' schemas. */
const openapi: OpenApiOptions = {
  path: '/api/elections/openapi.json',
  title: 'Elections service',
  description:
    "Monthly elections of moderators, scribes and great wises: this month's candidates with their totals, votes +1/-1 on them, closed elections with their figures, the current officials and the time of the next election. Errors answer `{statusCode, statusMessage, data?}` where statusMessage is a message of the error catalogue; vote failures answer 'updateKO'.",
  tags: ['candidates', 'elections'],
};

/** The elections service: its HTTP app and the monthly election job. */
export async function createElections({ config, db, bus, logger, clock: baseClock = () => new Date(), schedule = true, verifier }: ElectionsDeps): Promise<Elections> {
  const time = electionTime(config);
  const { app, relay, consumers } = await createEventedApp({ name: 'elections', config, db, bus, logger, strictBodies: true, openapi });
  // Token expiry is real time (as jose checks it), so the cache keeps the real clock.
  installAuth(app, cachedVerifier(identityVerifier(config, verifier)));

  const controlled = config.ELECTIONS_CLOCK_CONTROL ? controllableClock(baseClock) : null;
  const clock = controlled?.clock ?? baseClock;
  const officials = seats(config);
  const members = new MemberRepository(db);
  const candidacies = new CandidacyRepository(db);
  const elections = new ElectionRepository(db);
  const live = electionsLivePublisher({ bus, log: app.log, intervalMs: config.LIVE_FIGURES_INTERVAL_MS, context: { candidacies, elections, time, seats: officials, clock } });
  app.addHook('onClose', async () => live.stop());
  runConsumersWithApp(app, memberConsumers(consumers, () => live.changed(liveTopics.openElection(openMonth({ clock, time })))));

  const scheduler = new ElectionScheduler({ db, time, seats: officials, clock, tickMs: config.ELECTIONS_TICK_MS, log: app.log, relay, live });
  if (schedule) {
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }

  const context: ElectionsContext = { db, members, candidacies, elections, time, seats: officials, clock, scheduler, live };
  await app.register(candidatesRoutes, context);
  await app.register(electionsRoutes, { ...context, clockControl: controlled?.control ?? null });
  return { app, scheduler };
}

export async function buildApp(deps: ElectionsDeps): Promise<ServiceApp> {
  return (await createElections(deps)).app;
}
