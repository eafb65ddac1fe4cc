/**
 * Live topics (docs/live.md): the figures a screen keeps current, pushed over the page's one socket
 * to the chat service instead of polled. A service that owns a figure publishes a `LiveUpdate` on the
 * NATS core subject `LIVE_UPDATE_SUBJECT` (prefixed like every subject), at most once a second per
 * topic; every chat instance hands it to its own sockets that watch the topic. Plain values only, no
 * TypeBox: the front ends import this module at run time.
 */

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * `phases`: the current cycles and their phases (every page); `cycle:<id>`: a cycle's proposals and
 * their counts; `law:<id>`: a law's articles and amendments and their counts; `elections`: the
 * month's elections; `election:<id>`: one election's candidates and their totals.
 */
export type LiveTopic = 'phases' | 'elections' | `cycle:${string}` | `law:${string}` | `election:${string}`;

/** Pattern of a valid topic. */
export const liveTopicPattern = `^(phases|elections|(cycle|law|election):${uuid})$`;

export const liveTopics = {
  phases: 'phases',
  elections: 'elections',
  cycle: (cycleId: string) => `cycle:${cycleId}`,
  law: (lawId: string) => `law:${lawId}`,
  election: (electionId: string) => `election:${electionId}`,
} as const satisfies Record<string, LiveTopic | ((id: string) => LiveTopic)>;

/** Topics one socket may watch at once. */
export const maxLiveTopicsPerSocket = 16;

/** The NATS core subject live updates travel on between the services and the chat instances (before the prefix). */
export const LIVE_UPDATE_SUBJECT = 'live.update';

/** One live update: `kind` names what changed, `data` carries the new figures (each kind's shape below). */
export interface LiveUpdate<D = unknown> {
  topic: LiveTopic;
  kind: string;
  data: D;
  /** When the figures were read (ISO). */
  at: string;
}

/** Client events of the page socket for topics, each acknowledged like the chat's events. */
export interface LiveClientEvents {
  'live:watch': { topics: string[] };
  'live:unwatch': { topics: string[] };
}

export const isLiveTopic = (value: unknown): value is LiveTopic => typeof value === 'string' && new RegExp(liveTopicPattern).test(value);
