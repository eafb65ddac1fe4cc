// Chat fan-out: 1,000 sockets in one room, 10 messages per second posted by members spread over the
// sockets; the latency from the post to its arrival at every socket (p50/p99), and every message
// counted at every socket (nothing lost, nothing doubled). On one chat instance, then on two sharing
// the room through the Redis streams adapter (sockets and posters split between them). Baseline in
// the same run: a bare socket.io server relaying the same load to the same clients, no database, no
// auth. The receiving sockets live in worker threads, so that decoding 10,000 deliveries a second is
// not queued behind one event loop (that would measure the benchmark rather than the service).
// A room's events reach a socket at most once per CHAT_BATCH_TICK_MS (250 ms), batched when they come
// faster (services/chat/README.md#delivery): at 10 msg/s most posts wait for their room's next tick, so
// the clients count messages alone and inside `batch` frames alike, and the latency includes the tick.
// Target: p99 under 350 ms (the tick + 100 ms), nothing lost.
// Run: node bench/run-all.mjs chat-fanout
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 10);
const POSTERS = Number(process.env.BENCH_CHAT_POSTERS ?? 40); // each posts RATE / POSTERS per second, well under the per-user limit
const WORKERS = Number(process.env.BENCH_CHAT_WORKERS ?? 2);
const DURATION_MS = Math.max(Number(process.env.BENCH_DURATION_MS ?? 5000), 5000);

// socket.io, its client and redis come from the chat service's own dependencies.
const chatRequire = createRequire(path.join(root, 'services/chat/package.json'));
const load = async (name) => import(pathToFileURL(chatRequire.resolve(name)).href);
const { io: connect } = await load('socket.io-client');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Wall-clock milliseconds with sub-millisecond precision, comparable across threads. */
const now = () => performance.timeOrigin + performance.now();

/** Opens sockets `from`..`to`-1 spread over `urls` (by index), each joined to the room. */
async function openSockets({ urls, from, to, room, tokens = [], protocol }) {
  const sockets = [];
  for (let start = from; start < to; start += 50) {
    const batch = [];
    for (let i = start; i < Math.min(to, start + 50); i++) {
      const socket = connect(urls[i % urls.length], { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: tokens[i - from] ? { token: tokens[i - from] } : {} });
      batch.push(
        new Promise((resolve, reject) => {
          socket.once('connect_error', reject);
          socket.once('connect', async () => {
            try {
              const ack = protocol === 'chat' ? await socket.timeout(10_000).emitWithAck('room:join', { room }) : await socket.timeout(10_000).emitWithAck('join', room);
              if (protocol === 'chat' && !ack.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
              resolve(socket);
            } catch (error) {
              reject(error);
            }
          });
        }),
      );
    }
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Counts and times every `message:new` of the sockets, alone or in `batch` frames (texts read `bench <seq> <sentAt>`). */
function listen(sockets) {
  const latencies = [];
  const received = sockets.map(() => new Map());
  const frames = { count: 0 };
  sockets.forEach((socket, index) => {
    const onMessage = (message) => {
      const match = /^bench (\d+) (\d+(?:\.\d+)?)$/.exec(message?.text ?? '');
      if (!match) return;
      latencies.push(now() - Number(match[2]));
      const seq = Number(match[1]);
      received[index].set(seq, (received[index].get(seq) ?? 0) + 1);
    };
    socket.on('message:new', (message) => {
      frames.count += 1;
      onMessage(message);
    });
    socket.on('batch', (frame) => {
      frames.count += 1;
      for (const [event, payload] of frame) if (event === 'message:new') onMessage(payload);
    });
  });
  return {
    latencies,
    frames,
    tally(total) {
      let lost = 0;
      let doubled = 0;
      for (const seen of received) {
        for (let seq = 0; seq < total; seq++) {
          const times = seen.get(seq) ?? 0;
          if (times === 0) lost += 1;
          if (times > 1) doubled += times - 1;
        }
      }
      return { lost, doubled };
    },
  };
}

if (!isMainThread) {
  // A worker: its share of the receiving sockets; answers their latencies and tally when told to stop.
  const sockets = await openSockets(workerData);
  const listener = listen(sockets);
  parentPort.postMessage({ type: 'ready' });
  parentPort.on('message', (message) => {
    if (message.type === 'count') parentPort.postMessage({ type: 'count', count: listener.latencies.length });
    if (message.type === 'stop') {
      parentPort.postMessage({ type: 'result', latencies: listener.latencies, frames: listener.frames.count, ...listener.tally(message.total) });
      for (const socket of sockets) socket.disconnect();
      parentPort.close();
    }
  });
} else {
  await main();
}

/** A worker thread holding sockets; `ask` sends a message and waits for the answer of that type. */
async function startWorker(data) {
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: data });
  const answers = [];
  const waiting = [];
  worker.on('message', (message) => {
    const index = waiting.findIndex((entry) => entry.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0].resolve(message);
    else answers.push(message);
  });
  const failed = new Promise((_, reject) => worker.once('error', reject));
  failed.catch(() => undefined);
  const next = (type) => {
    const index = answers.findIndex((message) => message.type === type);
    if (index >= 0) return Promise.resolve(answers.splice(index, 1)[0]);
    return Promise.race([new Promise((resolve) => waiting.push({ type, resolve })), failed]);
  };
  await next('ready');
  return {
    async count() {
      worker.postMessage({ type: 'count' });
      return (await next('count')).count;
    },
    async stop(total) {
      worker.postMessage({ type: 'stop', total });
      const result = await next('result');
      await worker.terminate();
      return result;
    },
  };
}

async function main() {
  const { Server } = await load('socket.io');
  const { createClient } = await load('redis');
  const { benchNatsPrefix, createBenchDatabase, freePort, NATS_URL, REDIS_URL, report, runId, startService, summarize, withPeak } = await import('./lib/bench.mjs');
  const kit = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
  const testKit = await import(pathToFileURL(path.join(root, 'packages/test-kit/dist/index.js')).href);
  const { CyclePhaseChanged } = await import(pathToFileURL(path.join(root, 'packages/contracts/dist/index.js')).href);

  /**
   * SOCKETS sockets in the room: the POSTERS posting ones here, the others in worker threads. Posts
   * RATE messages per second for DURATION_MS and gathers every socket's latencies and tally.
   */
  async function fanOut({ urls, room, protocol, posterTokens = [], post }) {
    const posters = await openSockets({ urls, from: 0, to: POSTERS, room, tokens: posterTokens, protocol });
    const share = Math.ceil((SOCKETS - POSTERS) / WORKERS);
    const workers = [];
    for (let from = POSTERS; from < SOCKETS; from += share) workers.push(startWorker({ urls, from, to: Math.min(SOCKETS, from + share), room, protocol }));
    const threads = await Promise.all(workers);
    const local = listen(posters);

    const total = Math.round((DURATION_MS / 1000) * RATE);
    const began = Date.now();
    let refused = 0;
    const acks = [];
    for (let seq = 0; seq < total; seq++) {
      acks.push(post(posters[seq % POSTERS], `bench ${seq} ${now().toFixed(3)}`).then((ok) => {
        if (!ok) refused += 1;
      }));
      const wait = began + ((seq + 1) * 1000) / RATE - Date.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(acks);
    const expected = (total - refused) * SOCKETS;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const counts = await Promise.all(threads.map((thread) => thread.count()));
      if (counts.reduce((a, b) => a + b, local.latencies.length) >= expected || Date.now() > deadline) break;
      await sleep(100);
    }
    await sleep(300); // a duplicate would have arrived by now
    const results = await Promise.all(threads.map((thread) => thread.stop(total)));
    const mine = local.tally(total);
    for (const socket of posters) socket.disconnect();
    const latencies = [...local.latencies, ...results.flatMap((result) => result.latencies)];
    return {
      ...summarize(latencies, Date.now() - began),
      total,
      refused,
      frames: results.reduce((sum, result) => sum + result.frames, local.frames.count),
      lost: results.reduce((sum, result) => sum + result.lost, mine.lost),
      doubled: results.reduce((sum, result) => sum + result.doubled, mine.doubled),
    };
  }

  async function baseline() {
    const http = createServer();
    const io = new Server(http, { path: '/socket.io' });
    io.on('connection', (socket) => {
      socket.on('join', (room, ack) => {
        socket.join(room);
        ack(true);
      });
      socket.on('post', ({ room, text }, ack) => {
        io.to(room).emit('message:new', { id: randomUUID(), room, text });
        ack(true);
      });
    });
    const port = await freePort();
    await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
    try {
      return await fanOut({
        urls: [`http://127.0.0.1:${port}`],
        room: 'bench',
        protocol: 'bare',
        post: (socket, text) => socket.timeout(10_000).emitWithAck('post', { room: 'bench', text }).then(() => true, () => false),
      });
    } finally {
      io.close();
    }
  }

  const database = await createBenchDatabase('chat', ['chat']);
  const nats = benchNatsPrefix('chat');
  const tokens = await testKit.TestTokens.start();
  const redisPrefix = `bench:chat:${runId}:`;
  const rows = [];
  const notes = [];

  async function chatRun(instances) {
    const env = {
      DATABASE_URL: database.url,
      NATS_PREFIX: nats.prefix,
      JWKS_URL: tokens.jwksUrl,
      ...(instances > 1 ? { REDIS_URL, REDIS_PREFIX: `${redisPrefix}${instances}:` } : {}),
    };
    const services = [];
    try {
      for (let i = 0; i < instances; i++) services.push(await startService('chat', env));
      // A room opened the way decisions opens it.
      const bus = await kit.connectBus({ url: NATS_URL, prefix: nats.prefix, name: 'bench-chat' });
      const cycleId = randomUUID();
      const room = `cycle:${cycleId}:proposals`;
      const event = kit.newEvent(CyclePhaseChanged, { cycleId, number: instances, from: null, to: 'proposals', at: new Date().toISOString(), phaseEndsAt: null });
      await bus.js.publish(bus.subject(event.subject), JSON.stringify(event), { msgID: event.id });
      await bus.close();
      for (let i = 0; ; i++) {
        if ((await fetch(`${services[0].origin}/api/chat/rooms/${room}`)).ok) break;
        if (i > 200) throw new Error('the chat service did not open the room');
        await sleep(50);
      }
      const posterTokens = await Promise.all(Array.from({ length: POSTERS }, (_, i) => tokens.sign({ id: randomUUID(), name: `Poster ${i}` })));
      return await withPeak(
        async () => Math.max(...(await Promise.all(services.map((service) => service.rss())))),
        () =>
          fanOut({
            urls: services.map((service) => service.origin),
            room,
            protocol: 'chat',
            posterTokens,
            post: (socket, text) =>
              socket
                .timeout(10_000)
                .emitWithAck('message:post', { room, text })
                .then((ack) => ack.ok === true, () => false),
          }),
      );
    } finally {
      await Promise.all(services.map((service) => service.stop()));
    }
  }

  try {
    const base = await baseline();
    rows.push({ name: `baseline: bare socket.io relay, ${SOCKETS} sockets, ${RATE} msg/s`, perSecond: base.perSecond, rateUnit: 'deliveries/s', p50: base.p50, p99: base.p99, errors: base.lost + base.doubled });
    for (const instances of [1, 2]) {
      const [result, peak] = await chatRun(instances);
      const ok = result.lost === 0 && result.doubled === 0 && result.refused === 0;
      rows.push({
        name: instances === 1 ? `chat, 1 instance, ${SOCKETS} sockets, ${RATE} msg/s` : `chat, 2 instances + Redis streams, ${SOCKETS} sockets, ${RATE} msg/s`,
        perSecond: result.perSecond,
        rateUnit: 'deliveries/s',
        p50: result.p50,
        p99: result.p99,
        peakRss: peak,
        ratio: base.p99 > 0 ? result.p99 / base.p99 : undefined,
        errors: result.lost + result.doubled + result.refused,
        target: 'p99 < 350 ms (tick included), nothing lost',
        met: result.p99 < 350 && ok,
      });
      notes.push(
        `${instances} instance(s): ${result.total} messages x ${SOCKETS} sockets = ${result.total * SOCKETS} deliveries expected; lost ${result.lost}, doubled ${result.doubled}, posts refused ${result.refused}; ` +
          `${result.frames} frames received (${(result.frames / SOCKETS).toFixed(1)} per socket for ${result.total} messages: batched ${(result.total / Math.max(1, result.frames / SOCKETS)).toFixed(1)} to a frame).`,
      );
    }
    notes.push(
      `Latency: from the post (emit) to the arrival of message:new at each socket; ${POSTERS} posting sockets in the main thread, the others in ${WORKERS} worker threads of the benchmark process.`,
    );
    notes.push("Everything (clients, services, PostgreSQL, NATS, Redis) shares the machine's cores.");
    report('Chat fan-out (post -> every socket of the room)', rows, notes);
  } finally {
    await tokens.close();
    await database.drop();
    await nats.cleanup();
    const redis = createClient({ url: REDIS_URL });
    await redis.connect().catch(() => undefined);
    if (redis.isOpen) {
      for await (const keys of redis.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 500 })) if (keys.length) await redis.del(keys);
      await redis.close();
    }
  }
  process.exit(0);
}
