/**
 * The member projection: a service's own copy of identity's users, kept in a table of the service's
 * schema from identity's user events. Every such table has `user_id`, `user_name`, `registered_at` and
 * `deleted_at`; the other shared columns (verification, suspension, moderator and scribe flags, role)
 * are there when the service needs them, and a service adds its own effects through `after`.
 *
 * The events are not imported here as values: the service names each event it consumes with its
 * durable consumer (`memberConsumer`), so that the event map's scan sees them in the service's code,
 * and the service kit's own reads stay identity's revocations.
 */
import { eventBySubject, Role, type EventEnvelope, type NewestPayload } from '@civic/contracts';
import type { UserDeleted, UserRegistered, UserRenamed, UserRoleChanged, UserSuspended, UserSuspensionLifted, UserVerified } from '@civic/contracts';
import { startConsumer, type ConsumerHost, type RunningConsumer } from './consumer.js';
import { join, qualifiedTable, raw, sql, type Sql, type SqlExecutor } from './prisma.js';

/** The identity events the projection applies. */
export type MemberEvent =
  | typeof UserRegistered
  | typeof UserVerified
  | typeof UserRenamed
  | typeof UserDeleted
  | typeof UserSuspended
  | typeof UserSuspensionLifted
  | typeof UserRoleChanged;

export interface MemberTable {
  /** The consuming service's schema. */
  schema: string;
  /** The projection's table in that schema, e.g. `member`. */
  table: string;
  /** The optional shared columns the table has; a column left out is never written. */
  columns: {
    /** `verified_at` */
    verified?: boolean;
    /** `suspended_until` and `suspension_at` (when the suspension event applied last happened) */
    suspension?: boolean;
    /** `moderator` (boolean) */
    moderator?: boolean;
    /** `scribe` (boolean) */
    scribe?: boolean;
    /** `role` (Role: user, moderator or scribe) */
    role?: boolean;
  };
  /** The service's own effect of an event, in the same transaction, after the projection's. */
  after?(tx: SqlExecutor, event: MemberEvent['subject'], payload: NewestPayload<MemberEvent>, envelope: EventEnvelope): Promise<void>;
}

/**
 * Writes identity's user events into one service's table. Events of different subjects come through
 * different consumers and arrive in any order, so each upserts only the columns it knows about (a
 * row created early gets its name and registration time later).
 */
export class MemberProjection {
  /** The table as a fragment of its queries. */
  readonly table: Sql;
  /** The same, as text for error messages. */
  readonly tableName: string;

  constructor(readonly options: MemberTable) {
    this.table = qualifiedTable(options.schema, options.table);
    this.tableName = `${options.schema}.${options.table}`;
  }

  /** The name is kept when a rename came first, and a late registration does not name a deleted user again. */
  async registered(tx: SqlExecutor, userId: string, userName: string, registeredAt: string): Promise<void> {
    const t = this.table;
    await tx.$executeRaw(
      sql`INSERT INTO ${t} (user_id, user_name, registered_at) VALUES (${userId}::uuid, ${userName}, ${registeredAt}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET registered_at = EXCLUDED.registered_at,
            user_name = CASE WHEN ${t}.user_name = '' AND ${t}.deleted_at IS NULL THEN EXCLUDED.user_name ELSE ${t}.user_name END`,
    );
  }

  async renamed(tx: SqlExecutor, userId: string, userName: string): Promise<void> {
    await tx.$executeRaw(
      sql`INSERT INTO ${this.table} (user_id, user_name, registered_at) VALUES (${userId}::uuid, ${userName}, now())
          ON CONFLICT (user_id) DO UPDATE SET user_name = EXCLUDED.user_name`,
    );
  }

  async verified(tx: SqlExecutor, userId: string, verifiedAt: string): Promise<void> {
    this.require('verified');
    await tx.$executeRaw(
      sql`INSERT INTO ${this.table} (user_id, user_name, registered_at, verified_at) VALUES (${userId}::uuid, '', ${verifiedAt}::timestamptz, ${verifiedAt}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
    );
  }

  async deleted(tx: SqlExecutor, userId: string, deletedAt: string): Promise<void> {
    await tx.$executeRaw(
      sql`INSERT INTO ${this.table} (user_id, user_name, registered_at, deleted_at) VALUES (${userId}::uuid, '', ${deletedAt}::timestamptz, ${deletedAt}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
    );
  }

  /**
   * `until` null lifts the suspension. Suspensions and lifts come through two consumers, so they may
   * arrive out of order: the later event (by `occurredAt`) wins.
   */
  async suspension(tx: SqlExecutor, userId: string, until: string | null, occurredAt: string): Promise<void> {
    this.require('suspension');
    const t = this.table;
    await tx.$executeRaw(
      sql`INSERT INTO ${t} (user_id, user_name, registered_at, suspended_until, suspension_at) VALUES (${userId}::uuid, '', now(), ${until}::timestamptz, ${occurredAt}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET suspended_until = EXCLUDED.suspended_until, suspension_at = EXCLUDED.suspension_at
          WHERE ${t}.suspension_at IS NULL OR ${t}.suspension_at <= EXCLUDED.suspension_at`,
    );
  }

  /** Writes whichever of the moderator, scribe and role columns the table has. */
  async roleChanged(tx: SqlExecutor, userId: string, moderator: boolean, scribe: boolean): Promise<void> {
    const { columns } = this.options;
    // The column names are this fixed set, written as fragments; only the values are parameters.
    const values: [Sql, unknown][] = [];
    if (columns.moderator) values.push([raw('moderator'), moderator]);
    if (columns.scribe) values.push([raw('scribe'), scribe]);
    if (columns.role) values.push([raw('role'), moderator ? Role.Moderator : scribe ? Role.Scribe : Role.User]);
    if (values.length === 0) throw new Error(`${this.tableName} has no role column`);
    const names = join(values.map(([name]) => name));
    const updates = join(values.map(([name]) => sql`${name} = EXCLUDED.${name}`));
    await tx.$executeRaw(
      sql`INSERT INTO ${this.table} (user_id, user_name, registered_at, ${names})
          VALUES (${userId}::uuid, '', now(), ${join(values.map(([, value]) => value))})
          ON CONFLICT (user_id) DO UPDATE SET ${updates}`,
    );
  }

  /** Applies one event of identity (as its newest version), then the service's own effect. */
  async apply(tx: SqlExecutor, subject: MemberEvent['subject'], payload: NewestPayload<MemberEvent>, envelope: EventEnvelope): Promise<void> {
    const effect = effects[subject] as Effect<MemberEvent> | undefined;
    if (!effect) throw new Error(`The member projection does not apply ${subject as string}`);
    await effect(this, tx, payload, envelope);
    await this.options.after?.(tx, subject, payload, envelope);
  }

  /** A projection configured without the column an event needs is a wiring mistake, caught at once. */
  private require(column: keyof MemberTable['columns']): void {
    if (!this.options.columns[column]) throw new Error(`${this.tableName} has no ${column} column`);
  }
}

type Effect<E extends MemberEvent> = (projection: MemberProjection, tx: SqlExecutor, payload: NewestPayload<E>, envelope: EventEnvelope) => Promise<void>;

/** What each event of identity writes into the projection, by subject. */
const effects: { [E in MemberEvent as E['subject']]: Effect<E> } = {
  'identity.user.registered': (projection, tx, p) => projection.registered(tx, p.userId, p.displayName, p.registeredAt),
  'identity.user.verified': (projection, tx, p) => projection.verified(tx, p.userId, p.verifiedAt),
  'identity.user.renamed': (projection, tx, p) => projection.renamed(tx, p.userId, p.userName),
  'identity.user.deleted': (projection, tx, p) => projection.deleted(tx, p.userId, p.deletedAt),
  'identity.user.suspended': (projection, tx, p, envelope) => projection.suspension(tx, p.userId, p.until, envelope.occurredAt),
  'identity.user.suspension-lifted': (projection, tx, p, envelope) => projection.suspension(tx, p.userId, null, envelope.occurredAt),
  'identity.user.role-changed': (projection, tx, p) => projection.roleChanged(tx, p.userId, p.moderator, p.scribe),
};

/**
 * Every event the projection applies, for the event maps to spread (a service whose table lacks a
 * column leaves its event out). Found by subject, as this file imports no event as a value (above).
 */
export const memberEvents = Object.keys(effects).map((subject) => eventBySubject(subject) as MemberEvent);

/**
 * The consumers of the projection: `memberConsumer(host, projection)('decisions-user-registered',
 * UserRegistered)` starts the durable consumer of that name, which applies the event to the table.
 */
export function memberConsumer(host: ConsumerHost, projection: MemberProjection) {
  return (name: string, event: MemberEvent): (() => Promise<RunningConsumer>) =>
    () =>
      startConsumer<MemberEvent>({
        ...host,
        name,
        event,
        handle: (tx, payload, envelope) => projection.apply(tx, event.subject, payload, envelope),
      });
}
