import { UnreadAlertsStreamSchema, errorAnswers } from '@civic/contracts';
import { AppError, requireUser, type ServiceApp } from '@civic/service-kit';
import { hostname } from 'node:os';
import type { FastifyRequest } from 'fastify';
import { Gauge } from 'prom-client';
import { mayOpenStream, MAX_STREAMS_PER_MEMBER, REFUSED_STREAM_RETRY_S } from '../domain/live-streams.js';
import { unreadFrame, type LiveStream } from '../live/unread-hub.js';
import type { NotificationsContext } from './notifications.routes.js';

export interface StreamSettings {
  heartbeatMs: number;
  retryMs: number;
}

/** The `exp` (ms) of the access token the request carried, to end the stream when it expires. */
function tokenExpiry(request: FastifyRequest): number | null {
  const header = request.headers.authorization;
  const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : (cookies['__Host-access_token'] ?? cookies['access_token']);
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Longest a timer may wait in Node (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * GET /api/users/notifications/stream: the caller's unread count as server-sent events, first at
 * once, then after every change (event `unread`, data `{"count":n}`), with a comment line as
 * heartbeat. The stream ends when the access token expires (event `expired`): the browser renews its
 * session and reconnects. A member holds at most MAX_STREAMS_PER_MEMBER at once on a replica; one more
 * is a 429 (domain/live-streams.ts). The gateway routes this path through its long-lived pool.
 */
export async function streamRoutes(app: ServiceApp, options: NotificationsContext & StreamSettings): Promise<void> {
  const { alerts, hub } = options;
  // Each pod holds its own streams: labelled with the pod (HOSTNAME in Kubernetes), present at 0 from the start.
  const pod = { pod: process.env.HOSTNAME || hostname() };
  const streamsOpen = new Gauge({ name: 'notifications_streams_open', help: 'Unread-count streams open on this pod', labelNames: ['pod'], registers: [app.metrics] });
  streamsOpen.set(pod, 0);

  app.get(
    '/api/users/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        security: [{ accessCookie: [] }, { bearer: [] }],
        summary: 'Your unread count, live, as server-sent events (event "unread", data {"count": n}); "expired" when the access token ends',
        produces: ['text/event-stream'],
        response: { 200: UnreadAlertsStreamSchema, ...errorAnswers(401, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const count = await alerts.unread(user.id);
      // Counted and registered in the same turn of the event loop: two opening at once cannot both pass.
      if (!mayOpenStream(hub.openFor(user.id))) {
        reply.header('retry-after', String(REFUSED_STREAM_RETRY_S));
        throw new AppError('tooManyRequests', 429, { reason: 'too-many-streams', limit: MAX_STREAMS_PER_MEMBER });
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      let open = true;
      const timers: ReturnType<typeof setTimeout>[] = [];
      let stopWatching = () => undefined as void;
      const stream: LiveStream = {
        userId: user.id,
        send(frame) {
          if (!open || raw.destroyed) return false;
          raw.write(frame);
          return true;
        },
        close() {
          if (!open) return;
          open = false;
          for (const timer of timers) clearTimeout(timer);
          clearInterval(heartbeat);
          stopWatching();
          remove();
          streamsOpen.dec(pod);
          if (!raw.destroyed) raw.end();
        },
      };
      const remove = hub.add(stream);
      streamsOpen.inc(pod);
      const heartbeat = setInterval(() => stream.send(': ping\n\n'), options.heartbeatMs);
      const expiry = tokenExpiry(request);
      if (expiry !== null) {
        timers.push(
          setTimeout(() => {
            stream.send('event: expired\ndata: {}\n\n');
            stream.close();
          }, Math.min(Math.max(expiry - Date.now(), 0), MAX_TIMER_MS)),
        );
      }
      // A session that ends, or claims that change, end the stream as an expiry does: the browser
      // renews its token (or finds itself logged out) before reconnecting (docs/sessions.md).
      const revocations = app.revocations;
      if (revocations) stopWatching = revocations.onRevocation(() => {
        if (!revocations.denies(user)) return;
        stream.send('event: expired\ndata: {}\n\n');
        stream.close();
      });
      request.raw.once('close', () => stream.close());
      stream.send(`retry: ${options.retryMs}\n\n`);
      // The count read before the stream was registered may have changed since: read it once more.
      stream.send(unreadFrame(count));
      hub.refresh(user.id);
    },
  );
}
