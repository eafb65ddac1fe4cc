// Live co-drafting (docs/co-drafting.md): 10 creators typing in one article at 5 keystrokes a second
// each for ~20 s through the built chat service, one socket and one Yjs document per page, each
// keystroke one `draft:update`. Measured: the latency of an update from its send to its arrival at each
// other page (p50/p99, target p99 under 200 ms), every page converging to the same text as the
// server's, settles written while typing, and the server's memory per open document (heap with N
// documents open minus heap before, over N). Baselines in the same run, with the same pages and rate:
// a bare socket.io server relaying the updates (no checks, no database), and a chat message's round
// trip (post to acknowledgement) on the same chat service.
// Run: node bench/run-all.mjs co-editing
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as Y from 'yjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CREATORS = Number(process.env.BENCH_CO_EDITORS ?? 10);
const KEYSTROKES_PER_S = Number(process.env.BENCH_KEYSTROKES_PER_S ?? 5);
const TYPING_MS = Number(process.env.BENCH_CO_EDITING_MS ?? 20_000);
const BASELINE_MS = Math.min(TYPING_MS, 10_000);
const DOCUMENTS = Number(process.env.BENCH_OPEN_DOCUMENTS ?? 200);
const TEXT = 'body';
const TARGET_P99_MS = 200;

// socket.io and its client come from the chat service's own dependencies.
const chatRequire = createRequire(path.join(root, 'services/chat/package.json'));
const load = async (name) => import(pathToFileURL(chatRequire.resolve(name)).href);
const { io: connect } = await load('socket.io-client');
const { Server } = await load('socket.io');
// ws, through the client's own dependencies: the inspector of the service speaks WebSocket.
const clientRequire = createRequire(createRequire(chatRequire.resolve('socket.io-client')).resolve('engine.io-client'));
const { WebSocket } = await import(pathToFileURL(clientRequire.resolve('ws')).href).then((module) => module.default ?? module);
const { benchNatsPrefix, createBenchDatabase, freePort, NATS_URL, report, startService, summarize, withPeak } = await import('./lib/bench.mjs');
const kit = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
const testKit = await import(pathToFileURL(path.join(root, 'packages/test-kit/dist/index.js')).href);
const { DRAFT_SETTLE_PAUSE_MS, LawCreatorsDrawn } = await import(pathToFileURL(path.join(root, 'packages/contracts/dist/index.js')).href);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const b64 = (bytes) => Buffer.from(bytes).toString('base64');
const ARTICLE = 'Article 1. Public transport is free for every resident of the city, every day of the week. ';

function open(url, token) {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: token ? { token } : {} });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function ack(socket, event, payload) {
  const answer = await socket.timeout(10_000).emitWithAck(event, payload);
  if (answer?.ok !== true && answer !== true) throw new Error(`${event} answered ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The id of an update's first struct: how a page that receives it finds when it was sent. */
const idOf = (update) => {
  const first = Y.decodeUpdate(update).structs[0];
  return first ? `${first.id.client}:${first.id.clock}` : null;
};

/**
 * The pages type: each page inserts one character at a random place KEYSTROKES_PER_S times a second
 * for `durationMs`, sending each change with `send`; every other page applies what it receives and
 * records the latency of that delivery. Answers the latencies and the refused sends.
 */
async function typeTogether(pages, durationMs, send) {
  const sentAt = new Map();
  const latencies = [];
  let refused = 0;
  const acks = [];
  for (const page of pages) {
    page.receive = (update) => {
      const at = sentAt.get(idOf(update));
      if (at !== undefined) latencies.push(performance.now() - at);
      Y.applyUpdate(page.doc, update, 'remote');
    };
    page.doc.on('update', (update, origin) => {
      if (origin === 'remote') return;
      sentAt.set(idOf(update), performance.now());
      acks.push(send(page, update).then((ok) => ok || refused++));
    });
  }
  const began = Date.now();
  const intervalMs = 1000 / KEYSTROKES_PER_S;
  await Promise.all(
    pages.map(async (page, index) => {
      await sleep((intervalMs * index) / pages.length); // the pages do not type in lockstep
      for (let stroke = 0; Date.now() - began < durationMs; stroke++) {
        const text = page.doc.getText(TEXT);
        text.insert(Math.floor(Math.random() * (text.length + 1)), 'abcdefghij'[index % 10]);
        const wait = began + (stroke + 1) * intervalMs + (intervalMs * index) / pages.length - Date.now();
        if (wait > 0) await sleep(wait);
      }
    }),
  );
  await Promise.all(acks);
  return { latencies, refused, durationMs: Date.now() - began, keystrokes: sentAt.size };
}

/** The floor: a bare socket.io server relaying each update to the other pages of the room. */
async function baseline() {
  const http = createServer();
  const server = new Server(http, { path: '/socket.io', maxHttpBufferSize: 96 * 1024 });
  server.on('connection', (socket) => {
    socket.join('text');
    socket.on('update', (payload, answer) => {
      socket.to('text').emit('update', payload);
      answer(true);
    });
  });
  const port = await freePort();
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  const pages = [];
  try {
    for (let i = 0; i < CREATORS; i++) {
      const socket = await open(`http://127.0.0.1:${port}`);
      const page = { socket, doc: new Y.Doc() };
      socket.on('update', (update) => page.receive?.(Buffer.from(update, 'base64')));
      pages.push(page);
    }
    const run = await typeTogether(pages, BASELINE_MS, (page, update) => page.socket.timeout(10_000).emitWithAck('update', b64(update)).then(() => true, () => false));
    return { ...summarize(run.latencies, run.durationMs), refused: run.refused };
  } finally {
    for (const page of pages) page.socket.disconnect();
    server.close();
  }
}

/**
 * The heap the service uses once garbage is collected (bytes), through its inspector (the service
 * started with --inspect on `port`): a full collection, then V8's count of the heap in use.
 */
async function heapAfterCollection(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const call = (method) =>
    new Promise((resolve) => {
      const id = ++next;
      const onMessage = (data) => {
        const message = JSON.parse(String(data));
        if (message.id !== id) return;
        socket.off('message', onMessage);
        resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    return (await call('Runtime.getHeapUsage')).usedSize;
  } finally {
    socket.close();
  }
}

const database = await createBenchDatabase('coedit', ['chat']);
const nats = benchNatsPrefix('coedit');
const tokens = await testKit.TestTokens.start();
const rows = [];
const notes = [];
let chat = null;
const sockets = [];
try {
  const base = await baseline();
  rows.push({ name: `baseline: bare socket.io relay, ${CREATORS} pages x ${KEYSTROKES_PER_S} keystrokes/s`, perSecond: base.perSecond, rateUnit: 'deliveries/s', p50: base.p50, p99: base.p99, errors: base.refused });

  // The inspector (unused until the memory step) lets the benchmark collect the service's garbage before it weighs the heap.
  const inspectorPort = await freePort();
  chat = await startService('chat', {
    DATABASE_URL: database.url,
    NATS_PREFIX: nats.prefix,
    JWKS_URL: tokens.jwksUrl,
    CHAT_RATE_LIMIT: '1000',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectorPort}`.trim(),
  });
  // The law's creators drawn, as decisions announces them: the chat opens its creation room.
  const creators = Array.from({ length: CREATORS }, (_, i) => ({ id: randomUUID(), name: `Creator ${i + 1}` }));
  const lawId = randomUUID();
  const bus = await kit.connectBus({ url: NATS_URL, prefix: nats.prefix, name: 'bench-co-editing' });
  const drawn = kit.newEvent(LawCreatorsDrawn, { lawId, cycleId: randomUUID(), title: 'Free public transport', creators: creators.map((creator) => creator.id) });
  await bus.js.publish(bus.subject(drawn.subject), JSON.stringify(drawn), { msgID: drawn.id });
  await bus.close();
  const room = `law:${lawId}:creation`;
  for (let i = 0; !(await fetch(`${chat.origin}/api/chat/rooms/${room}`)).ok; i++) {
    if (i > 200) throw new Error('the chat service did not open the creation room');
    await sleep(50);
  }
  const tokenOf = await Promise.all(creators.map((creator) => tokens.sign({ id: creator.id, name: creator.name })));

  // A chat message's round trip on the same service, the same pages in the law's room.
  const pages = [];
  for (let i = 0; i < CREATORS; i++) {
    const socket = await open(chat.origin, tokenOf[i]);
    sockets.push(socket);
    pages.push({ socket, doc: new Y.Doc() });
  }
  for (const page of pages) await ack(page.socket, 'room:join', { room });
  const roundTrips = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await ack(pages[i % CREATORS].socket, 'message:post', { room, text: `Where do we start? ${i}` });
    roundTrips.push(performance.now() - t0);
    await sleep(40);
  }
  const post = summarize(roundTrips, 1);
  rows.push({ name: 'baseline: a chat message posted (emit -> acknowledgement)', p50: post.p50, p99: post.p99 });

  // The article, typed by every creator at once.
  const textId = randomUUID();
  for (const [index, page] of pages.entries()) {
    const joined = await ack(page.socket, 'draft:join', { lawId, kind: 'article', textId, body: ARTICLE });
    Y.applyUpdate(page.doc, Buffer.from(joined.state, 'base64'), 'remote');
    await ack(page.socket, 'draft:here', { lawId, editing: { kind: 'article', textId } });
    page.socket.on('draft:update', (payload) => payload.textId === textId && page.receive?.(Buffer.from(payload.update, 'base64')));
    if (index === 0) page.socket.on('draft:saved', () => (page.saved = (page.saved ?? 0) + 1));
  }
  const [run, peak] = await withPeak(chat.rss, () =>
    typeTogether(pages, TYPING_MS, (page, update) =>
      page.socket
        .timeout(10_000)
        .emitWithAck('draft:update', { textId, update: b64(update) })
        .then((answer) => answer?.ok === true, () => false),
    ),
  );
  // Every page converges, to the server's text.
  let converged = false;
  for (let i = 0; i < 100 && !converged; i++) {
    const texts = new Set(pages.map((page) => page.doc.getText(TEXT).toString()));
    converged = texts.size === 1;
    if (!converged) await sleep(100);
  }
  const reader = await open(chat.origin, tokenOf[0]);
  sockets.push(reader);
  const served = new Y.Doc();
  Y.applyUpdate(served, Buffer.from((await ack(reader, 'draft:join', { lawId, kind: 'article', textId, body: '' })).state, 'base64'));
  const finalText = pages[0].doc.getText(TEXT).toString();
  const sameAsServer = converged && served.getText(TEXT).toString() === finalText;
  const typed = finalText.length - ARTICLE.length;
  const result = summarize(run.latencies, run.durationMs);
  const expectedDeliveries = run.keystrokes * (CREATORS - 1);
  // Typing stopped: one settle after the pause, heard once by the page.
  const savedWhileTyping = pages[0].saved ?? 0;
  await sleep(DRAFT_SETTLE_PAUSE_MS + 1500);
  const settledOnce = (pages[0].saved ?? 0) - savedWhileTyping === 1;
  const ok = sameAsServer && settledOnce && run.refused === 0 && typed === run.keystrokes && run.latencies.length === expectedDeliveries;
  rows.push({
    name: `chat: ${CREATORS} creators x ${KEYSTROKES_PER_S} keystrokes/s in one article, ${(run.durationMs / 1000).toFixed(0)} s`,
    perSecond: result.perSecond,
    rateUnit: 'deliveries/s',
    p50: result.p50,
    p99: result.p99,
    peakRss: peak,
    ratio: base.p99 > 0 ? result.p99 / base.p99 : undefined,
    errors: run.refused + (expectedDeliveries - run.latencies.length),
    target: `p99 < ${TARGET_P99_MS} ms, every page converges to the server's text, settled once`,
    met: result.p99 < TARGET_P99_MS && ok,
  });
  notes.push(
    `${run.keystrokes} keystrokes sent, ${run.refused} refused; ${run.latencies.length} of ${expectedDeliveries} deliveries to the other pages timed; ` +
      `pages converged: ${converged}, to the server's text: ${sameAsServer} (${finalText.length} characters, ${typed} typed); ` +
      `versions handed over while everyone typed: ${savedWhileTyping}, once typing stopped and the ${DRAFT_SETTLE_PAUSE_MS / 1000} s pause passed: ${(pages[0].saved ?? 0) - savedWhileTyping}.`,
  );

  // Memory per open document: N more articles, each open on a socket (4 per socket at most).
  for (const socket of sockets) socket.disconnect();
  sockets.length = 0;
  await sleep(1000);
  const holders = [];
  for (let i = 0; i < Math.ceil((DOCUMENTS + 8) / 4); i++) {
    const socket = await open(chat.origin, tokenOf[i % CREATORS]);
    sockets.push(socket);
    holders.push(socket);
  }
  const openDocuments = async (from, to) => {
    for (let i = from; i < to; i++) {
      const body = `${ARTICLE.repeat(12)}(${i})`; // about 1,100 characters, a typical article
      await ack(holders[Math.floor(i / 4)], 'draft:join', { lawId, kind: 'article', textId: randomUUID(), body });
    }
  };
  await openDocuments(0, 8); // warms the code paths up, so that their one-time cost is not counted
  await sleep(500);
  const before = await heapAfterCollection(inspectorPort);
  await openDocuments(8, DOCUMENTS + 8);
  await sleep(500);
  const after = await heapAfterCollection(inspectorPort);
  const perDocument = (after - before) / DOCUMENTS;
  rows.push({ name: `chat: server heap per open document (${DOCUMENTS} articles of ~1,100 characters)`, value: perDocument / 1024, unit: 'KiB/document' });
  notes.push(
    `Memory: the service's heap after a full collection (through its inspector) ${(before / 1048576).toFixed(1)} MiB with the sockets connected, ${(after / 1048576).toFixed(1)} MiB once ${DOCUMENTS} more documents were open; ` +
      'the difference over the documents counts each one\'s Yjs document, its entry and its socket room.',
  );
  notes.push(
    'Latency: from the page sending its update to its arrival at each other page (decoded to the update\'s first struct), through the checks, the INSERT of the update and the broadcast; ' +
      "every page, the chat service, PostgreSQL and NATS share the machine's cores.",
  );
  report('Live co-drafting (10 creators typing in one article)', rows, notes);
  if (!ok) process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.disconnect();
  await chat?.stop();
  await tokens.close();
  await nats.cleanup();
  await database.drop();
}
process.exit(process.exitCode ?? 0);
