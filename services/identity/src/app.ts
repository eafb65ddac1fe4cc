import { createEventedApp, installAuth, runConsumersWithApp, type EventBus, type ServiceApp } from '@civic/service-kit';
import { AccessTokens } from './auth/access-tokens.js';
import { SessionService } from './auth/session.service.js';
import { DEVELOPMENT_IP_HASH_KEY, type IdentityConfig } from './config.js';
import { assertTimeZone } from './domain/candidacy.js';
import { normalizeEmail } from './domain/registration.js';
import { USER_NAME_KEY_VERSION, userNameKey } from './domain/user-name.js';
import { cookieNames, sessionPolicy } from './domain/session.js';
import { consumeDigestComposed } from './events/digest-composed.consumer.js';
import { consumeElectionClosed } from './events/election-closed.consumer.js';
import type { IdentityConsumerHost } from './events/host.js';
import { profileActivityConsumers } from './events/profile-activity.consumer.js';
import { createSmtpMailer, type Mailer } from './mail/mailer.js';
import { authRoutes } from './routes/auth.routes.js';
import type { IdentityContext } from './routes/context.js';
import { SessionCookies } from './routes/cookies.js';
import { sessionRoutes } from './routes/session.routes.js';
import { usersRoutes } from './routes/users.routes.js';
import { confusables } from './store/confusables.js';
import { LoginFailureRepository } from './store/login-failure.repository.js';
import type { IdentityPrisma } from './store/prisma.js';
import { SigningKeyRepository } from './store/signing-key.repository.js';
import { Gauge } from 'prom-client';
import { UserRepository } from './store/user.repository.js';
import { assignUserNameKeys } from './commands/assign-user-name-keys.command.js';
import { seedModerator } from './commands/seed-moderator.command.js';
import type { CommandDeps } from './commands/unit-of-work.js';

export interface IdentityDeps {
  config: IdentityConfig;
  db: IdentityPrisma;
  bus: EventBus;
  /** false silences logs (tests). */
  logger?: boolean;
  /** Sends the account mails; SMTP through SMTP_URL when not given. */
  mailer?: Mailer;
  /** The current time; tests move it to expire tokens, sessions and suspensions. */
  clock?: () => Date;
}

export async function buildApp({ config, db, bus, logger, mailer: givenMailer, clock = () => new Date() }: IdentityDeps): Promise<ServiceApp> {
  try {
    assertTimeZone(config.ELECTIONS_TIME_ZONE);
  } catch {
    throw new Error(`ELECTIONS_TIME_ZONE is not a time zone this runtime knows: ${config.ELECTIONS_TIME_ZONE}`);
  }
  const policy = sessionPolicy(config);
  const { app, relay, consumers, published, revocations } = await createEventedApp({
    name: 'identity',
    config,
    db,
    bus,
    logger,
    accessTokenLifetimeMs: policy.accessTokenMs,
    strictBodies: true,
    openapi: {
      path: '/api/auth/openapi.json',
      title: 'Identity service',
      description:
        'Accounts, sessions (HttpOnly cookies: a 15-minute EdDSA access token and a rotating refresh token), mail links, profiles, candidacies and suspensions. Errors answer `{statusCode, statusMessage, data?}` where statusMessage is a message of the error catalogue.',
      tags: ['auth', 'session', 'users', 'moderation'],
      accessCookie: cookieNames(config.COOKIE_SECURE).access,
    },
  });

  const keys = new SigningKeyRepository(db);
  // Read at scrape time: the SigningKeyNearRetirement alert fires when even the newest key nears its
  // rotation age (docs/signing-keys.md).
  new Gauge({
    name: 'identity_signing_key_newest_created_timestamp_seconds',
    help: 'Creation time (Unix seconds) of the newest published access-token signing key',
    registers: [app.metrics],
    async collect() {
      const newest = await keys.newestCreatedAt();
      if (newest) this.set(newest.getTime() / 1000);
    },
  });
  const tokens = new AccessTokens(keys, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, lifetimeMs: policy.accessTokenMs, clock });
  // Identity reads the session and the account at every call that needs them (currentAccount), so
  // revocations add nothing to its own routes; its session restore consults them.
  installAuth(app, tokens, { revocations: null });

  const commands: CommandDeps = { db, clock, policy, relay, published, mailRequestPurge: { lastAt: 0 } };
  const sessionService = new SessionService({
    commands,
    failures: new LoginFailureRepository(db),
    tokens,
    revocations,
    policy,
    limits: {
      perAccountAtIp: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AT_IP,
      perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perIp: config.LOGIN_MAX_FAILURES_PER_IP,
      slowdownAfter: config.LOGIN_SLOWDOWN_AFTER_FAILURES,
      windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
    },
    registrationConflictsPerIp: config.REGISTRATION_MAX_CONFLICTS_PER_IP,
    hashKey: config.IP_HASH_KEY,
    clock,
  });
  const mailer = givenMailer ?? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  if (!givenMailer) app.addHook('onClose', async () => mailer.close());

  const context: IdentityContext = {
    config,
    users: new UserRepository(db),
    commands,
    sessionService,
    keys,
    cookies: new SessionCookies(cookieNames(config.COOKIE_SECURE), config.COOKIE_SECURE, clock),
    mailer,
    clock,
  };

  app.addHook('onReady', async () => {
    if (config.IP_HASH_KEY === DEVELOPMENT_IP_HASH_KEY) {
      app.log.warn('IP_HASH_KEY is the local development default: set a random secret outside local runs');
    }
    if (await seedModerator(commands, normalizeEmail(config.SEED_MODERATOR_EMAIL))) {
      app.log.info('seeded the first moderator (SEED_MODERATOR_EMAIL)');
    }
    // Accounts made before names were compared by their key, or by an older rule, get theirs
    // (services/identity/README.md). In the background: a million accounts to key again must not hold
    // the start past its timeout, where the pod would restart and begin again.
    const table = confusables();
    void assignUserNameKeys(commands, (name) => userNameKey(name, table), USER_NAME_KEY_VERSION).then(
      (keyed) => keyed > 0 && app.log.info({ keyed }, 'user names given their keys'),
      (error: unknown) => app.log.error({ err: error }, 'could not give user names their keys; the next start tries again'),
    );
  });
  // The consumers open their transactions on identity's own client, so their handlers use Prisma's API.
  const host: IdentityConsumerHost = { ...consumers, db };
  runConsumersWithApp(app, [
    () => consumeElectionClosed(host, relay, clock),
    ...profileActivityConsumers(host),
    () => consumeDigestComposed(host, { mailer, publicUrl: config.PUBLIC_URL, clock }),
  ]);

  await app.register(authRoutes, context);
  await app.register(sessionRoutes, context);
  await app.register(usersRoutes, context);
  return app;
}
