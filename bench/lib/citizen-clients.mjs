// Citizens keeping a phase page open, held in child processes: each citizen is one chat socket
// (socket.io-client with the shipped panel's options, joined to the phase's room, watching the page's
// live topics when `topics` is given, unpacking the room's `batch` frames as the page socket does:
// packages/frontend-kit/src/page-socket.ts) and one unread-count
// stream (GET /api/users/notifications/stream with the cookie and accept: text/event-stream, as the
// shell's bell sends it). Citizen i uses gateway i mod N, as a Service spreads connections.
//
// API:
//   connectCitizens({ gatewayUrls, members, roomId, sse = true, chat = true, topics = [], offset = 0, perProcess = 2500 })
//     -> {
//       connected, failed,            // citizens whose every connection opened (and joined the room) / not
//       pids,                         // the child processes holding them
//       errors,                       // a few failure reasons
//       stats(),                      // { sockets, streams, disconnects, streamEnds } open now / so far
//       startRecording(),             // forgets earlier arrivals; counts from now on
//       chatCount(),                  // chat deliveries recorded so far (bench messages)
//       liveCount(),                  // live:update arrivals since startRecording (alone or in batch frames), all topics
//       frameCount(),                 // { single, batches } server frames since startRecording: events alone / batch frames
//       unreadCount(),                // streams whose count went up since startRecording
//       collect({ total, pushSentAt }), // { chat: { latencies, lost, doubled }, unread: { latencies, lost, doubled } }
//       close(),
//     }
//   Chat messages are timed when their text reads `bench <seq> <sentAtMs>` (seq 0..total-1 since the
//   recording began); an unread push is timed from `pushSentAt`: each stream's first raised count
//   since startRecording() (a stream never raised is lost, raised twice is doubled).
//   Timestamps are wall-clock ms (performance.timeOrigin + performance.now()), comparable across processes.
//   Members: [{ id, cookie }]. `offset` is the citizens' first global index (for the gateway choice).
//   `topics`: live topics (packages/contracts/src/live.ts) each socket watches once joined, and again
//   after a reconnection, as the page does (`live:watch`).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '../..');
const now = () => performance.timeOrigin + performance.now();

/** The shipped chat socket options, transpiled from the front end's source so they are exactly those. */
export async function shippedSocketOptions() {
  const swc = createRequire(path.join(root, 'package.json'))('@swc/core');
  const file = path.join(root, 'packages/frontend-kit/src/socket-options.ts');
  const { code } = swc.transformSync(readFileSync(file, 'utf8'), { filename: file, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } });
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).chatSocketOptions;
}

if (process.argv[2] === '--citizen-child') await child();

export async function connectCitizens({ gatewayUrls, members, roomId, sse = true, chat = true, topics = [], offset = 0, perProcess = 2500 }) {
  const children = [];
  for (let from = 0; from < members.length; from += perProcess) {
    const slice = members.slice(from, from + perProcess).map(({ id, cookie }) => ({ id, cookie }));
    children.push(startChild({ gatewayUrls, members: slice, offset: offset + from, roomId, sse, chat, topics }));
  }
  const handles = await Promise.all(children);
  const ready = handles.map((handle) => handle.ready);
  const ask = async (type, extra = {}) => Promise.all(handles.map((handle) => handle.ask(type, extra)));
  const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);
  return {
    connected: sum(ready, 'connected'),
    failed: sum(ready, 'failed'),
    errors: ready.flatMap((item) => item.errors).slice(0, 5),
    pids: handles.map((handle) => handle.pid),
    async stats() {
      const all = await ask('stats');
      return { sockets: sum(all, 'sockets'), streams: sum(all, 'streams'), disconnects: sum(all, 'disconnects'), streamEnds: sum(all, 'streamEnds') };
    },
    async startRecording() {
      await ask('record');
    },
    async chatCount() {
      return sum(await ask('count'), 'chat');
    },
    async unreadCount() {
      return sum(await ask('count'), 'unread');
    },
    async liveCount() {
      return sum(await ask('count'), 'live');
    },
    async frameCount() {
      const all = await ask('count');
      return { single: sum(all, 'single'), batches: sum(all, 'batches') };
    },
    async collect({ total, pushSentAt }) {
      const all = await ask('collect', { total, pushSentAt });
      return {
        chat: { latencies: all.flatMap((item) => item.chat.latencies), lost: sum(all.map((item) => item.chat), 'lost'), doubled: sum(all.map((item) => item.chat), 'doubled') },
        unread: { latencies: all.flatMap((item) => item.unread.latencies), lost: sum(all.map((item) => item.unread), 'lost'), doubled: sum(all.map((item) => item.unread), 'doubled') },
      };
    },
    async close() {
      await Promise.all(handles.map((handle) => handle.close()));
    },
  };
}

/** A child process holding some citizens; `ask` sends a request and waits for its answer. */
async function startChild(init) {
  // Sockets are file descriptors: a child holds at most perProcess * 2 of them.
  const childProcess = fork(here, ['--citizen-child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  let nextId = 0;
  const waiting = new Map();
  const exited = new Promise((_, reject) => childProcess.once('exit', (code) => reject(new Error(`a citizens process exited with ${code}`))));
  exited.catch(() => undefined);
  childProcess.on('message', (message) => {
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    entry(message);
  });
  const ask = (type, extra = {}) => {
    const id = nextId++;
    const answer = new Promise((resolve) => waiting.set(id, resolve));
    childProcess.send({ id, type, ...extra });
    return Promise.race([answer, exited]);
  };
  const ready = await ask('init', { init });
  return {
    pid: childProcess.pid,
    ready,
    ask,
    async close() {
      if (childProcess.exitCode !== null) return;
      const gone = new Promise((resolve) => childProcess.once('exit', resolve));
      childProcess.send({ id: -1, type: 'close' });
      const timer = setTimeout(() => childProcess.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

async function child() {
  const chatRequire = createRequire(path.join(root, 'services/chat/package.json'));
  const { io } = await import(pathToFileURL(chatRequire.resolve('socket.io-client')).href);
  const options = await shippedSocketOptions();
  const sockets = [];
  const streams = [];
  let disconnects = 0;
  let streamEnds = 0;

  // Recording state: chat deliveries per socket and sequence number, unread arrivals per stream.
  let chatLatencies = [];
  let chatSeen = new Map(); // seq -> Uint8Array over sockets
  let liveArrivals = 0; // live:update events received since the recording began
  const frames = { single: 0, batches: 0 }; // server frames since the recording began
  let unreadArrivals = null; // Float64Array over streams, 0 until the first raise
  let unreadTimes = null; // Uint8Array: raises seen per stream
  let baseCounts = null;

  function openSocket(url, member, index, roomId) {
    return new Promise((resolve) => {
      const socket = io(url, { ...options, extraHeaders: { cookie: member.cookie, origin: url } });
      const timer = setTimeout(() => resolve({ socket, error: 'no join within 60 s' }), 60_000);
      let first = true;
      const onMessage = (message) => {
        const text = message?.text;
        if (typeof text !== 'string' || !text.startsWith('bench ')) return;
        const space = text.indexOf(' ', 6);
        const seq = Number(text.slice(6, space));
        chatLatencies.push(now() - Number(text.slice(space + 1)));
        let seen = chatSeen.get(seq);
        if (!seen) chatSeen.set(seq, (seen = new Uint8Array(members.length)));
        if (index < seen.length && seen[index] < 255) seen[index] += 1;
      };
      const onEvent = (event, payload) => {
        if (event === 'message:new') onMessage(payload);
        else if (event === 'live:update') liveArrivals += 1;
      };
      // A frame is an event alone or a room's `batch` of them, in order (services/chat/README.md#delivery).
      socket.onAny((event, payload) => {
        if (event === 'batch') {
          frames.batches += 1;
          if (Array.isArray(payload)) for (const [name, value] of payload) onEvent(name, value);
        } else {
          frames.single += 1;
          onEvent(event, payload);
        }
      });
      const watch = () => (init.topics.length ? socket.emit('live:watch', { topics: init.topics }, () => undefined) : undefined);
      socket.on('disconnect', () => (disconnects += 1));
      socket.on('connect', () => {
        if (!first) {
          // As the page does after a reconnection that could not be recovered: join and watch again.
          if (!socket.recovered) {
            socket.emit('room:join', { room: roomId }, () => undefined);
            watch();
          }
          return;
        }
        first = false;
        socket.timeout(60_000).emit('room:join', { room: roomId }, (error, ack) => {
          if (error || !ack?.ok || !init.topics.length) {
            clearTimeout(timer);
            resolve({ socket, error: error ? 'join timed out' : ack?.ok ? null : `join answered ${JSON.stringify(ack).slice(0, 120)}` });
            return;
          }
          socket.timeout(60_000).emit('live:watch', { topics: init.topics }, (watchError, watched) => {
            clearTimeout(timer);
            resolve({ socket, error: watchError ? 'live:watch timed out' : watched?.ok ? null : `live:watch answered ${JSON.stringify(watched).slice(0, 120)}` });
          });
        });
      });
    });
  }

  function openStream(url, member, index) {
    return new Promise((resolve) => {
      const target = new URL('/api/users/notifications/stream', url);
      let settled = false;
      const done = (error) => {
        if (settled) return;
        settled = true;
        resolve(error);
      };
      const request = http.get(target, { agent: false, headers: { cookie: member.cookie, accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          done(`stream answered ${response.statusCode}`);
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const at = chunk.indexOf('event: unread');
          if (at < 0) return;
          const countAt = chunk.indexOf('"count":', at);
          const count = Number.parseInt(chunk.slice(countAt + 8), 10);
          if (!settled) {
            streams[index].count = count;
            done(null);
            return;
          }
          streams[index].count = count;
          if (unreadArrivals && count > baseCounts[index]) {
            if (unreadTimes[index] === 0) unreadArrivals[index] = now();
            if (unreadTimes[index] < 255) unreadTimes[index] += 1;
            baseCounts[index] = count;
          }
        });
        response.on('end', () => {
          streamEnds += 1;
          streams[index].open = false;
        });
      });
      streams[index] = { request, open: true, count: -1 };
      request.on('error', (error) => {
        if (streams[index]) streams[index].open = false;
        done(`stream failed: ${error.message}`);
      });
      request.setTimeout(60_000, () => request.destroy(new Error('no first count within 60 s')));
    });
  }

  let members = [];
  let init = null;
  // The benchmark is gone (killed): nothing left holding connections.
  process.once('disconnect', () => process.exit(0));
  process.on('message', async (message) => {
    const reply = (body) => process.send({ id: message.id, ...body });
    if (message.type === 'init') {
      init = { topics: [], ...message.init };
      members = init.members;
      const errors = [];
      let connected = 0;
      let failed = 0;
      let next = 0;
      // A bounded number of handshakes in flight: the services see a ramp, not a wall.
      const lane = async () => {
        while (next < members.length) {
          const index = next++;
          const member = members[index];
          const url = init.gatewayUrls[(init.offset + index) % init.gatewayUrls.length];
          const [chatResult, streamError] = await Promise.all([
            init.chat ? openSocket(url, member, index, init.roomId) : Promise.resolve({ error: null }),
            init.sse ? openStream(url, member, index) : Promise.resolve(null),
          ]);
          if (chatResult.socket) sockets[index] = chatResult.socket;
          const problem = chatResult.error ?? streamError;
          if (problem) {
            failed += 1;
            if (errors.length < 5) errors.push(problem);
          } else connected += 1;
        }
      };
      await Promise.all(Array.from({ length: 16 }, lane));
      reply({ connected, failed, errors });
    } else if (message.type === 'stats') {
      reply({ sockets: sockets.filter((socket) => socket?.connected).length, streams: streams.filter((stream) => stream?.open).length, disconnects, streamEnds });
    } else if (message.type === 'record') {
      chatLatencies = [];
      chatSeen = new Map();
      liveArrivals = 0;
      frames.single = 0;
      frames.batches = 0;
      unreadArrivals = new Float64Array(members.length);
      unreadTimes = new Uint8Array(members.length);
      baseCounts = Int32Array.from(members, (_, index) => streams[index]?.count ?? -1);
      reply({});
    } else if (message.type === 'count') {
      let unread = 0;
      if (unreadTimes) for (const times of unreadTimes) if (times > 0) unread += 1;
      reply({ chat: chatLatencies.length, unread, live: liveArrivals, single: frames.single, batches: frames.batches });
    } else if (message.type === 'collect') {
      let lost = 0;
      let doubled = 0;
      if (init.chat) {
        for (let seq = 0; seq < message.total; seq++) {
          const seen = chatSeen.get(seq);
          for (let index = 0; index < members.length; index++) {
            const times = seen && index < seen.length ? seen[index] : 0;
            if (times === 0) lost += 1;
            else if (times > 1) doubled += times - 1;
          }
        }
      }
      const unread = { latencies: [], lost: 0, doubled: 0 };
      if (init.sse && unreadArrivals && message.pushSentAt !== undefined) {
        for (let index = 0; index < members.length; index++) {
          if (unreadTimes[index] === 0) unread.lost += 1;
          else unread.latencies.push(unreadArrivals[index] - message.pushSentAt);
          if (unreadTimes[index] > 1) unread.doubled += unreadTimes[index] - 1;
        }
      }
      reply({ chat: { latencies: chatLatencies, lost, doubled }, unread });
    } else if (message.type === 'close') {
      for (const socket of sockets) socket?.disconnect();
      for (const stream of streams) stream?.request.destroy();
      setTimeout(() => process.exit(0), 200);
    }
  });
}
