import { cachedVerifier, createEventedApp, identityVerifier, installAuth, runConsumersWithApp, type EventBus, type OpenApiOptions, type ServiceApp, type TokenVerifier } from '@civic/service-kit';
import { closingNoticeMs, type DecisionsConfig } from './config.js';
import type { EngineSettings } from './domain/cycle-engine.js';
import type { Selection } from './domain/vote-close.js';
import { citizenConsumers } from './events/citizen.consumers.js';
import { draftConsumers } from './events/draft.consumers.js';
import { summaries, type DecisionsContext } from './routes/context.js';
import { cyclesRoutes } from './routes/cycles.routes.js';
import { finalVoteRoutes } from './routes/final-vote.routes.js';
import { historyRoutes } from './routes/history.routes.js';
import { lawContentRoutes } from './routes/law-content.routes.js';
import { lawsRoutes } from './routes/laws.routes.js';
import { proposalsRoutes } from './routes/proposals.routes.js';
import { searchRoutes } from './routes/search.routes.js';
import { sourcesRoutes } from './routes/sources.routes.js';
import { phaseControlRoutes } from './routes/phase-control.routes.js';
import { decisionSettings, settingsRoutes } from './routes/settings.routes.js';
import { CycleScheduler } from './scheduler/cycle.scheduler.js';
import { CitizenRepository } from './store/citizen.repository.js';
import { CycleRepository } from './store/cycle.repository.js';
import type { DecisionsPrisma } from './store/prisma.js';
import { ProposalRepository } from './store/proposal.repository.js';
import { ProposalSearchRepository } from './store/proposal-search.repository.js';
import { VoteRepository } from './store/vote.repository.js';
import { ArticleVoteRepository } from './store/article-vote.repository.js';
import { LawViewRepository } from './store/law-view.repository.js';
import { LawRepository } from './store/law.repository.js';
import { SourceRepository } from './store/source.repository.js';
import { RenderGate } from './pdf/render-gate.js';
import type { PdfRenderer } from './commands/render-law-pdf.command.js';
import { LawPdfRepository } from './store/law-pdf.repository.js';
import { localRenderLimit, redisRenderLimit } from './store/render-limit.js';
import { DecisionsLive } from './live/decisions-live.js';
import { LiveFiguresRepository } from './store/live-figures.repository.js';

export interface DecisionsDeps {
  config: DecisionsConfig;
  db: DecisionsPrisma;
  bus: EventBus;
  logger?: boolean;
  /** The current time; tests move it to run whole cycles in milliseconds. */
  clock?: () => Date;
  /** false leaves the scheduler to the caller (tests tick it by hand). */
  schedule?: boolean;
  /** Checks access tokens; identity's JWKS (JWKS_URL) when not given. */
  verifier?: TokenVerifier;
  /** Renders archived laws' PDFs; pdfkit's renderer when not given (tests count renders through it). */
  renderPdf?: PdfRenderer;
}

export interface Decisions {
  app: ServiceApp;
  scheduler: CycleScheduler;
}

const SECOND = 1000;

export function engineSettings(config: DecisionsConfig): EngineSettings {
  return {
    durations: {
      proposalsMs: config.PHASE_PROPOSALS_SECONDS * SECOND,
      votingMs: config.PHASE_VOTING_SECONDS * SECOND,
      creationMs: config.PHASE_CREATION_SECONDS * SECOND,
      finalVoteMs: config.PHASE_FINAL_VOTE_SECONDS * SECOND,
      extensionMs: config.PHASE_EXTENSION_SECONDS * SECOND,
    },
    thresholds: { verifiedUsers: config.START_MIN_VERIFIED_USERS, proposals: config.START_MIN_PROPOSALS },
  };
}

/** The decisions service's OpenAPI document, made of its routes' schemas. */
const openapi: OpenApiOptions = {
  path: '/api/decisions/openapi.json',
  title: 'Decisions service',
  description:
    'Decision cycles (proposals, voting on proposals, creation, final vote, archive) with countdowns, proposals and the vote on them, laws with their creators draw, groups, articles, amendments and sources (APA 7), the final vote, and the archive with PDF and open data. Errors answer `{statusCode, statusMessage, data?}` where statusMessage is a message of the error catalogue.',
  tags: ['cycles', 'proposals', 'laws', 'sources'],
};

/** The decisions service: its HTTP app and the scheduler of its cycles. */
/** pdfkit and its fonts' tables load with the first PDF asked for, not at every start of the service. */
const renderLawPdfOnDemand: PdfRenderer = async (law, options) => (await import('./pdf/law-pdf.js')).renderLawPdf(law, options);

export async function createDecisions({ config, db, bus, logger, clock = () => new Date(), schedule = true, verifier, renderPdf = renderLawPdfOnDemand }: DecisionsDeps): Promise<Decisions> {
  const { app, relay, consumers, published } = await createEventedApp({ name: 'decisions', config, db, bus, logger, strictBodies: true, openapi });
  // Token expiry is real time (as jose checks it), so the cache keeps the real clock.
  installAuth(app, cachedVerifier(identityVerifier(config, verifier)));

  runConsumersWithApp(app, citizenConsumers(consumers));

  const settings = engineSettings(config);
  const selection: Selection = { selected: config.SELECTED_PROPOSALS, secondChance: config.SECOND_CHANCE_PROPOSALS, creatorsPerLaw: config.CREATORS_PER_LAW };
  const votes = new VoteRepository(config.DATABASE_URL);
  const articleVotes = new ArticleVoteRepository(config.DATABASE_URL);
  app.addHook('onClose', async () => {
    await votes.close();
    await articleVotes.close();
  });

  const renderLimits = { limit: config.PDF_RENDERS_PER_WINDOW, windowMs: config.PDF_RENDER_WINDOW_MS, clock };
  const renderLimit = config.REDIS_URL
    ? await redisRenderLimit(config.REDIS_URL, config.REDIS_PREFIX, renderLimits, app.log.child({ component: 'redis' }))
    : localRenderLimit(renderLimits);
  app.addHook('onClose', async () => renderLimit.close());

  const proposals = new ProposalRepository(db);
  const lawViews = new LawViewRepository(db, config.LIVE_VOTERS_CACHE_MS);
  const live = new DecisionsLive({ bus, log: app.log, figures: new LiveFiguresRepository(db), proposals, lawViews, clock, intervalMs: config.LIVE_FIGURES_INTERVAL_MS });
  app.addHook('onClose', async () => live.stop());
  runConsumersWithApp(app, draftConsumers(consumers, { relay, clock, lawChanged: (lawId) => live.lawChanged(lawId) }));

  const context: DecisionsContext = {
    db,
    citizens: new CitizenRepository(db),
    cycles: new CycleRepository(db),
    proposals,
    votes,
    laws: new LawRepository(db),
    lawViews,
    sources: new SourceRepository(db),
    articleVotes,
    pdf: {
      pdfs: new LawPdfRepository(db),
      render: renderPdf,
      limit: renderLimit,
      gate: new RenderGate(config.PDF_RENDER_CONCURRENCY, config.PDF_RENDER_WAIT_MS),
      clock,
      fontDir: config.PDF_FONT_DIR || undefined,
      timeZone: config.PDF_TIME_ZONE,
    },
    thresholds: settings.thresholds,
    limits: { intervalMs: config.PROPOSAL_INTERVAL_DAYS * 24 * 60 * 60 * SECOND, maxPerCycle: config.MAX_PROPOSALS_PER_CYCLE },
    clock,
    live,
  };

  const scheduler = new CycleScheduler({ db, settings, selection, clock, tickMs: config.PHASE_TICK_MS, log: app.log, relay, published, closingNoticeMs: closingNoticeMs(config),
    // Only the replica whose transaction applied the transitions gets them back, so one publishes.
    onTransitions: async () => live.phasesChanged({ cycles: await summaries(context, await context.cycles.current()) }),
  });
  if (schedule) {
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }

  await app.register(cyclesRoutes, context);
  await app.register(proposalsRoutes, context);
  await app.register(searchRoutes, new ProposalSearchRepository(db));
  await app.register(lawsRoutes, context);
  await app.register(lawContentRoutes, context);
  await app.register(finalVoteRoutes, context);
  await app.register(sourcesRoutes, context);
  await app.register(historyRoutes, context);
  await app.register(settingsRoutes, decisionSettings(config));
  if (config.DECISIONS_PHASE_CONTROL) await app.register(phaseControlRoutes, { context, scheduler });
  return { app, scheduler };
}

export async function buildApp(deps: DecisionsDeps): Promise<ServiceApp> {
  return (await createDecisions(deps)).app;
}
