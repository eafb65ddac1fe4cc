import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { WebSocketServer } from 'ws';
import { loadConfig } from '@civic/service-kit';
import { GatewayConfig } from '../src/config.js';
import { UPSTREAMS, type UpstreamName } from '../src/domain/routes.js';

/** Size of the `.../big` and `.../chunked` answers: above what the gateway gathers before sending. */
export const BIG_ANSWER_BYTES = 200 * 1024;

/** What an echo upstream saw of one request. */
export interface Seen {
  upstream: UpstreamName;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface EchoUpstream {
  name: UpstreamName;
  url: string;
  server: Server;
  seen: Seen[];
  /** Status of this upstream's /readyz. */
  readyStatus: number;
  /** Handshakes of websocket upgrades that reached it. */
  upgrades: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * A small upstream that answers every request with what it received, as JSON. Special paths:
 * `/readyz` (status `readyStatus`), `.../fail-409` (an error body of the service), `.../fail-503`,
 * `.../hang` (never answers), `.../big` (200 KiB of 'x' with its length), `.../chunked` (the same
 * without a length, in chunks), `.../repeated` (a header sent twice and two cookies), `.../drop-once`
 * (the first request of each method closes its connection unanswered, as a replica closing a
 * keep-alive socket as the request arrives; the next ones are answered);
 * `?cache-control=<value>` sets that header on the answer. With
 * `websocket`, it accepts upgrades and echoes messages.
 */
export async function startEchoUpstream(name: UpstreamName, websocket = false): Promise<EchoUpstream> {
  const hanging = new Set<ServerResponse>();
  const dropped = new Set<string>();
  const upstream: EchoUpstream = {
    name,
    url: '',
    server: createServer(),
    seen: [],
    readyStatus: 200,
    upgrades: [],
    async close() {
      for (const response of hanging) response.destroy();
      upstream.server.closeAllConnections();
      await new Promise<void>((resolve) => upstream.server.close(() => resolve()));
    },
  };
  upstream.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      if (url === '/readyz') {
        res.writeHead(upstream.readyStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: upstream.readyStatus === 200 ? 'ready' : 'unavailable' }));
        return;
      }
      upstream.seen.push({ upstream: name, method: req.method ?? '', url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (url.endsWith('/drop-once') && !dropped.has(`${req.method} ${url}`)) {
        dropped.add(`${req.method} ${url}`);
        req.socket.destroy();
        return;
      }
      if (url.endsWith('/hang')) {
        hanging.add(res);
        return;
      }
      if (url.includes('/stream/')) {
        // Server-sent events: one at once, then one every 400 ms, three in all.
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        let sent = 1;
        res.write('data: 1\n\n');
        const timer = setInterval(() => {
          res.write(`data: ${++sent}\n\n`);
          if (sent === 3) {
            clearInterval(timer);
            res.end();
          }
        }, 400);
        res.on('close', () => clearInterval(timer));
        return;
      }
      if (url.endsWith('/big')) {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(BIG_ANSWER_BYTES) });
        res.end('x'.repeat(BIG_ANSWER_BYTES));
        return;
      }
      if (url.endsWith('/chunked')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        for (let sent = 0; sent < BIG_ANSWER_BYTES; sent += 1024) res.write('x'.repeat(1024));
        res.end();
        return;
      }
      if (url.endsWith('/json-list')) {
        // A list answer as the services give them: JSON of a known length, worth compressing.
        const items = Array.from({ length: 100 }, (_, index) => ({ id: index, title: `Proposal ${index}`, counts: { for: index, against: 100 - index } }));
        const body = JSON.stringify({ items });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', vary: 'Origin', 'content-length': String(Buffer.byteLength(body)) });
        res.end(body);
        return;
      }
      if (url.endsWith('/json-large')) {
        // A list larger than the gateway gathers whole (an archive's laws), of known length.
        const items = Array.from({ length: 2000 }, (_, index) => ({ id: index, title: `Law ${index}`, summary: 'An adopted text. '.repeat(3) }));
        const body = JSON.stringify({ items });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
        res.end(body);
        return;
      }
      if (url.endsWith('/json-encoded')) {
        const body = gzipSync(JSON.stringify({ items: 'y'.repeat(4096) }));
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(body.length) });
        res.end(body);
        return;
      }
      if (url.endsWith('/repeated')) {
        res.setHeader('content-type', 'application/json');
        res.setHeader('link', ['</a>; rel="preload"', '</b>; rel="preload"']);
        res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
        res.end('{}');
        return;
      }
      if (url.endsWith('/fail-409')) {
        res.writeHead(409, { 'content-type': 'application/json; charset=utf-8', 'x-upstream': name });
        res.end(JSON.stringify({ statusCode: 409, statusMessage: 'Email already registered', data: { field: 'email' } }));
        return;
      }
      if (url.endsWith('/fail-503')) {
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ statusCode: 503, statusMessage: 'Service Unavailable', data: { from: name } }));
        return;
      }
      // `?cache-control=...` answers with that caching, as a route choosing its own would.
      const caching = new URL(url, 'http://upstream').searchParams.get('cache-control');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-upstream': name, ...(caching === null ? {} : { 'cache-control': caching }) });
      res.end(JSON.stringify({ upstream: name, method: req.method, url, headers: req.headers, body: Buffer.concat(chunks).toString() }));
    });
  });
  if (websocket) {
    const wss = new WebSocketServer({ server: upstream.server });
    wss.on('connection', (socket, request) => {
      upstream.upgrades.push({ url: request.url ?? '', headers: request.headers });
      socket.send(`welcome from ${name}`);
      socket.on('message', (data, binary) => socket.send(binary ? data : `echo:${data.toString()}`));
    });
    const close = upstream.close;
    upstream.close = async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await close();
    };
  }
  await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  return upstream;
}

export type Upstreams = Record<UpstreamName, EchoUpstream>;

export async function startUpstreams(): Promise<Upstreams> {
  const started = await Promise.all(UPSTREAMS.map((name) => startEchoUpstream(name, name === 'chat')));
  return Object.fromEntries(started.map((upstream) => [upstream.name, upstream])) as Upstreams;
}

export async function stopUpstreams(upstreams: Upstreams): Promise<void> {
  await Promise.all(Object.values(upstreams).map((upstream) => upstream.close()));
}

export function clearSeen(upstreams: Upstreams): void {
  for (const upstream of Object.values(upstreams)) {
    upstream.seen.length = 0;
    upstream.upgrades.length = 0;
    upstream.readyStatus = 200;
  }
}

/** A port nothing listens on. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Gateway config pointing at the given upstreams, through the real loader (defaults applied). */
/** The PUBLIC_URL of the test gateways: the one origin (with CORS_ORIGINS) whose pages may change anything. */
export const PUBLIC_ORIGIN = 'http://civic.test';

export function gatewayConfig(upstreams: Partial<Record<UpstreamName, { url: string }>>, env: Record<string, string> = {}): GatewayConfig {
  return loadConfig(GatewayConfig, {
    LOG_LEVEL: 'silent',
    PUBLIC_URL: PUBLIC_ORIGIN,
    ...(upstreams.identity && { IDENTITY_URL: upstreams.identity.url }),
    ...(upstreams.decisions && { DECISIONS_URL: upstreams.decisions.url }),
    ...(upstreams.elections && { ELECTIONS_URL: upstreams.elections.url }),
    ...(upstreams.chat && { CHAT_URL: upstreams.chat.url }),
    ...(upstreams.notifications && { NOTIFICATIONS_URL: upstreams.notifications.url }),
    ...env,
  });
}
