import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { EventDefinition, EventEnvelope } from '@civic/contracts';
import { connectBus, loadConfig, newEvent, type EventBus, type ServiceApp } from '@civic/service-kit';
import { setupServiceTest, waitFor, type ServiceTestContext } from '@civic/test-kit';
import type { Static } from 'typebox';
import { buildApp } from '../../src/app.js';
import { IdentityConfig } from '../../src/config.js';
import { createPrisma, type IdentityPrisma } from '../../src/store/prisma.js';

/** A mail as the SMTP server received it, decoded enough to read links and texts. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The whole message, quoted-printable decoded. */
  body: string;
}

/** Quoted-printable decoding as the test mail box applies it to the whole message. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** A real SMTP server (the `smtp-server` package) that keeps what the service sends. */
export class MailBox {
  readonly mails: ReceivedMail[] = [];
  private constructor(private readonly server: SMTPServer, readonly port: number) {}

  static async start(): Promise<MailBox> {
    let box: MailBox | null = null;
    const pending: ReceivedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const headerEnd = raw.indexOf('\r\n\r\n');
          const headers = raw.slice(0, headerEnd).replace(/\r\n[ \t]+/g, ' ');
          const subject = decodeHeader(headers.match(/^Subject:\s*(.*)$/im)?.[1] ?? '');
          const mail = { to: session.envelope.rcptTo.map((r) => r.address), subject, body: decodeQuotedPrintable(raw) };
          (box ? box.mails : pending).push(mail);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
    box = new MailBox(server, port);
    box.mails.push(...pending);
    return box;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The latest mail to the address, waiting for it to arrive. */
  async latestTo(address: string, after = 0): Promise<ReceivedMail> {
    return waitFor(() => this.mails.slice(after).filter((m) => m.to.includes(address)).at(-1));
  }

  countTo(address: string): number {
    return this.mails.filter((m) => m.to.includes(address)).length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The token of the link to a screen (`/verify-account`, `/password`, `/change-email`) in a mail. */
export function linkToken(mail: ReceivedMail, screen: string): { url: string; token: string } {
  const match = mail.body.match(new RegExp(`(https?://[^\\s"<>]+/${screen}\\?token=([A-Za-z0-9_%-]+))`));
  if (!match) throw new Error(`no /${screen} link in mail "${mail.subject}"`);
  return { url: match[1]!, token: decodeURIComponent(match[2]!) };
}

/** A cookie jar for inject(): keeps what Set-Cookie says and sends it back. */
export class Jar {
  readonly cookies = new Map<string, string>();
  /** Set-Cookie attributes of the last response, by cookie name. */
  readonly attributes = new Map<string, string>();

  take(headers: Record<string, unknown>): this {
    const raw = headers['set-cookie'];
    const list = raw === undefined ? [] : Array.isArray(raw) ? (raw as string[]) : [String(raw)];
    for (const line of list) {
      const [pair = '', ...attrs] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      this.attributes.set(name, attrs.map((a) => a.trim()).join('; '));
      const expired = value === '' || attrs.some((a) => /^max-age=0$/i.test(a.trim()) || /^expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clone(): Jar {
    const copy = new Jar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

/** The session cookies a jar holds (the login device cookie outlives sessions). */
export function sessionCookies(jar: Jar): string[] {
  return [...jar.cookies.keys()].filter((name) => !name.endsWith('login_device'));
}

/** A clock the test moves forward. */
export class TestClock {
  offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface Harness {
  context: ServiceTestContext;
  db: IdentityPrisma;
  bus: EventBus;
  app: ServiceApp;
  mail: MailBox;
  clock: TestClock;
  /** Another app on the same database, bus and mail (e.g. with COOKIE_SECURE=true). */
  buildOther(env: Record<string, string>): Promise<ServiceApp>;
  close(): Promise<void>;
}

export async function startHarness(label: string, env: Record<string, string> = {}): Promise<Harness> {
  const context = await setupServiceTest(['identity'], label);
  const mail = await MailBox.start();
  const clock = new TestClock();
  const baseEnv = {
    DATABASE_URL: context.databaseUrl,
    NATS_URL: context.natsUrl,
    NATS_PREFIX: context.natsPrefix,
    OUTBOX_POLL_MS: '20',
    SMTP_URL: mail.url,
    PUBLIC_URL: 'http://civic.test',
    MAX_ACCOUNTS_PER_IP: '1000',
    MAX_ACCOUNTS_PER_IP_PER_DAY: '1000',
  };
  const db = createPrisma(context.databaseUrl);
  const bus = await connectBus({ url: context.natsUrl, prefix: context.natsPrefix, name: `identity-test-${label}` });
  const others: ServiceApp[] = [];
  const build = async (extra: Record<string, string>) => {
    const config = loadConfig(IdentityConfig, { ...baseEnv, ...env, ...extra });
    const built = await buildApp({ config, db, bus, logger: false, clock: clock.now });
    await built.ready();
    return built;
  };
  const app = await build({});
  return {
    context,
    db,
    bus,
    app,
    mail,
    clock,
    async buildOther(extra) {
      const other = await build(extra);
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await bus.close();
      await db.$disconnect();
      await mail.close();
      await context.cleanup();
    },
  };
}

/** Publishes an event as its owning service's relay would (envelope id as Nats-Msg-Id unless given). */
export async function publish<D extends EventDefinition>(bus: EventBus, definition: D, payload: Static<D['payload']>, options: { msgID?: string; envelope?: EventEnvelope } = {}): Promise<EventEnvelope> {
  const envelope = options.envelope ?? newEvent(definition, payload);
  await bus.ensureStream(envelope.subject.split('.')[0] as Parameters<EventBus['ensureStream']>[0]);
  await bus.js.publish(bus.subject(envelope.subject), JSON.stringify(envelope), { msgID: options.msgID ?? envelope.id });
  return envelope;
}

/** The identity events published so far (subject and payload), read back from its stream. */
export async function identityEvents(bus: EventBus): Promise<{ subject: string; payload: Record<string, unknown> }[]> {
  const stream = await bus.ensureStream('identity');
  const info = await bus.jsm.streams.info(stream);
  const events: { subject: string; payload: Record<string, unknown> }[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    const message = await bus.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (!message) continue;
    const envelope = message.json<{ subject: string; payload: Record<string, unknown> }>();
    events.push({ subject: envelope.subject, payload: envelope.payload });
  }
  return events;
}

/** Waits until an identity event matching the predicate is on the stream. */
export async function waitForEvent(bus: EventBus, subject: string, match: (payload: Record<string, unknown>) => boolean = () => true) {
  return waitFor(async () => (await identityEvents(bus)).find((e) => e.subject === subject && match(e.payload)));
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  userName: string;
  jar: Jar;
}

let counter = 0;

/** Registers (from its own address) and, unless told otherwise, verifies and logs in a user. */
export async function createUser(
  harness: Harness,
  options: { verified?: boolean; loggedIn?: boolean; locale?: 'en' | 'fr'; userName?: string; email?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now()}@example.org`;
  const password = `password-${counter}-long`;
  const userName = options.userName ?? `Citizen ${counter}`;
  const { app, db } = harness;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, userName, password, ...(options.locale ? { locale: options.locale } : {}) },
    remoteAddress: `10.9.${Math.floor(counter / 250)}.${counter % 250}`,
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const id = registered.json<{ id: string }>().id;
  if (options.verified !== false) await db.user.update({ where: { id }, data: { verifiedAt: harness.clock.now() } });
  const jar = new Jar();
  if (options.loggedIn !== false) {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    jar.take(login.headers);
  }
  return { id, email, password, userName, jar };
}

/** inject() with the user's cookies. */
export function as(harness: Harness, user: { jar: Jar } | null, request: { method?: string; url: string; payload?: unknown; headers?: Record<string, string> }) {
  return harness.app
    .inject({
      method: (request.method ?? 'GET') as 'GET',
      url: request.url,
      ...(request.payload !== undefined ? { payload: request.payload as Record<string, unknown> } : {}),
      headers: { ...(user ? { cookie: user.jar.header() } : {}), ...request.headers },
    })
    .then((res) => {
      user?.jar.take(res.headers);
      return res;
    });
}
