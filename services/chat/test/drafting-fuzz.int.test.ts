/**
 * Fuzzing live co-drafting: thousands of malformed `draft:*` payloads, random bytes, bit-flipped,
 * cut and spliced Yjs updates, updates missing their dependencies or writing other types, sent by a
 * creator while another creator types for real. Every acknowledgement is ok or a 4xx in the
 * catalogue's error shape (never a 5xx, never left unanswered), the connection stays up, every real
 * keystroke is accepted, and the text afterwards is exactly what the accepted updates make: a refused
 * update stored nothing and changed nothing.
 */
import { randomUUID } from 'node:crypto';
import { ARTICLE_BODY_MAX, DRAFT_YTEXT, ErrorMessages, type ChatAck } from '@civic/contracts';
import type { Socket } from 'socket.io-client';
import * as Y from 'yjs';
import { DraftPage, lawWithCreators } from './support/drafting.js';
import { emit, startHarness, type Harness, type Member } from './support/harness.js';

const FUZZ_ROUNDS = 500; // each round: a real keystroke and two fuzzed emits
/** A new seed each run, so that the runs add up to more cases than one; DRAFTING_FUZZ_SEED replays one. */
const SEED = Number(process.env.DRAFTING_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32));
const MESSAGES = new Set<string>(Object.values(ErrorMessages));

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}

/** What is wrong with an acknowledgement, or null: ok, or a 4xx in the catalogue's shape and nothing more. */
function ackProblem(ack: unknown): string | null {
  if (typeof ack !== 'object' || ack === null) return `not an object: ${String(ack)}`;
  if ('ok' in ack) return (ack as { ok: unknown }).ok === true ? null : 'ok but not true';
  const body = ack as Record<string, unknown>;
  if (Object.keys(body).some((key) => !['statusCode', 'statusMessage', 'data'].includes(key))) return `extra keys: ${Object.keys(body).join(', ')}`;
  if (typeof body.statusCode !== 'number' || body.statusCode < 400 || body.statusCode >= 500) return `status ${String(body.statusCode)}`;
  if (typeof body.statusMessage !== 'string' || !MESSAGES.has(body.statusMessage)) return `message not in the catalogue: ${String(body.statusMessage)}`;
  return null;
}

const reasonOf = (ack: ChatAck<unknown>) => ('ok' in ack ? 'ok' : `${ack.statusCode} ${String((ack.data as { reason?: unknown } | undefined)?.reason ?? ack.statusMessage)}`);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

let h: Harness;
let ann: Member;
let ben: Member;

beforeAll(async () => {
  // No settle during the run: the stored rows are exactly the seed and the accepted updates.
  h = await startHarness({ CHAT_DRAFT_SETTLE_PAUSE_MS: '600000' });
  [ann, ben] = [await h.member({ name: 'Ann' }), await h.member({ name: 'Ben' })];
});

afterAll(async () => {
  await h.close();
});

test('draft events survive malformed payloads and corrupted updates, and the text is what the accepted updates make', async () => {
  console.log(`draft fuzzing with seed ${SEED} (DRAFTING_FUZZ_SEED=${SEED} replays this run)`);
  const rng = random(SEED);
  const lawId = await lawWithCreators(h, [ann, ben]);
  const textId = randomUUID();
  // The typing creator's page; a fresh page (socket) every 100 keystrokes, within the per-socket allowance of draft updates.
  const typed: Uint8Array[] = [];
  const typistRefusals: ChatAck<unknown>[] = [];
  async function newTypist(body = ''): Promise<DraftPage> {
    const page = new DraftPage(await h.client(ann), textId);
    expect(await page.join(lawId, body)).toMatchObject({ ok: true });
    // Kept once the server took it: another creator learns a page's changes only from the server
    // (a change still on its way is not something the fuzzing creator could know, let alone corrupt).
    page.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== 'remote') void page.acks.at(-1)!.then((ack) => 'ok' in ack && typed.push(update));
    });
    return page;
  }
  let typist = await newTypist('Article one.');
  const seed = Buffer.from(typist.joined!.state, 'base64');

  // The fuzzing creator's socket, renewed before the per-socket allowances run out, joined each time.
  const fuzzer: { socket: Socket | null; emits: number } = { socket: null, emits: 0 };
  async function fuzzSocket(): Promise<Socket> {
    if (!fuzzer.socket || fuzzer.emits >= 50 || !fuzzer.socket.connected) {
      fuzzer.socket?.disconnect();
      fuzzer.socket = await h.client(ben);
      expect(await emit(fuzzer.socket, 'draft:join', { lawId, kind: 'article', textId, body: '' })).toMatchObject({ ok: true });
      fuzzer.emits = 1;
    }
    fuzzer.emits += 1;
    return fuzzer.socket;
  }

  // Updates the fuzzer sends: the accepted ones make the expected text, with the seed and the typist's.
  const accepted: Uint8Array[] = [];
  const problems: string[] = [];
  const outcomes: Record<string, number> = {};
  async function send(kind: string, event: string, payload: unknown, update?: Uint8Array): Promise<void> {
    const socket = await fuzzSocket();
    const ack = await emit(socket, event, payload).catch((error: Error) => ({ statusCode: 0, statusMessage: `unanswered: ${error.message}` }) as never);
    const problem = ackProblem(ack);
    if (problem) problems.push(`${kind} ${event}: ${problem}`);
    const outcome = `${kind}: ${reasonOf(ack as ChatAck<unknown>)}`;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    // A malformed payload whose update is a valid one (the seed again) is accepted too.
    if ('ok' in (ack as object) && event === 'draft:update') accepted.push(update ?? Buffer.from((payload as { update: string }).update, 'base64'));
  }

  // A page of the fuzzer's own that never sends its changes as they are: the source of corrupted ones.
  const shadow = new Y.Doc();
  Y.applyUpdate(shadow, seed);
  const shadowChange = (change: (text: Y.Text) => void): Uint8Array => {
    const before = Y.encodeStateVector(shadow);
    change(shadow.getText(DRAFT_YTEXT));
    return Y.encodeStateAsUpdate(shadow, before);
  };

  const flip = (bytes: Uint8Array) => {
    const copy = Uint8Array.from(bytes);
    for (let i = 0, n = 1 + rng.int(3); i < n; i++) copy[rng.int(copy.length)]! ^= 1 << rng.int(8);
    return copy;
  };
  const randomBytes = (length: number) => Uint8Array.from({ length }, () => rng.int(256));
  const someUpdate = () => (typed.length && rng.next() < 0.6 ? rng.pick(typed) : shadowChange((text) => text.insert(rng.int(text.length + 1), rng.pick(['a', 'bc', 'déf', '😀', '\n']))));

  const corrupted: (() => { kind: string; update: Uint8Array })[] = [
    () => ({ kind: 'bit-flipped', update: flip(someUpdate()) }),
    () => ({ kind: 'cut', update: someUpdate().slice(0, 1 + rng.int(8)) }),
    () => {
      const [a, b] = [someUpdate(), someUpdate()];
      return { kind: 'spliced', update: Uint8Array.from([...a.slice(0, rng.int(a.length)), ...b.slice(rng.int(b.length))]) };
    },
    () => ({ kind: 'random bytes', update: randomBytes(1 + rng.int(64)) }),
    () => ({ kind: 'duplicate', update: typed.length ? rng.pick(typed) : seed }),
    () => {
      shadowChange((text) => text.insert(0, 'skipped '));
      return { kind: 'missing dependencies', update: shadowChange((text) => text.insert(3, 'after the skipped one ')) };
    },
    () => {
      const other = new Y.Doc();
      Y.applyUpdate(other, seed);
      const before = Y.encodeStateVector(other);
      rng.pick([() => other.getMap('meta').set('x', 1), () => other.getText('title').insert(0, 'T'), () => other.getText(DRAFT_YTEXT).insertEmbed(0, { x: 1 }), () => other.getArray(DRAFT_YTEXT).insert(0, [1])])();
      return { kind: 'other type', update: Y.encodeStateAsUpdate(other, before) };
    },
    () => {
      // On the text as the server holds it (the typist's, acknowledged): only its length is wrong.
      const copy = new Y.Doc();
      Y.applyUpdate(copy, Y.encodeStateAsUpdate(typist.doc));
      const before = Y.encodeStateVector(copy);
      const text = copy.getText(DRAFT_YTEXT);
      text.insert(rng.int(text.length + 1), 'z'.repeat(Math.max(1, ARTICLE_BODY_MAX + 1 - [...text.toString()].length)));
      return { kind: 'too long', update: Y.encodeStateAsUpdate(copy, before) };
    },
  ];

  const ids = [textId, lawId, randomUUID(), textId.toUpperCase(), 'not-a-uuid', '', 42, null];
  const junk = [null, undefined, 0, -1, 1e308, true, '', 'x'.repeat(300), '\u0000', '\u202e', [], [1], {}, { nested: { deep: [null] } }];
  const malformed: (() => [string, unknown])[] = [
    () => ['draft:update', rng.pick(junk)],
    () => ['draft:update', { textId: rng.pick(ids), update: rng.pick(['', '!!!!', 'AAA', 'A'.repeat(90_000), b64(seed), 'ab=c', 'YQ==\n']) }],
    () => ['draft:update', { textId, update: b64(seed), extra: rng.pick(junk) }],
    () => ['draft:update', { textId, update: rng.pick(junk) }],
    () => ['draft:join', { lawId: rng.pick(ids), kind: rng.pick(['article', 'amendment', 'law', '', null]), textId: rng.pick(ids), body: rng.pick(['', 'ok', 'x'.repeat(ARTICLE_BODY_MAX + 1), 'bell\u0007', '\u200b', 42]) }],
    () => ['draft:join', rng.pick(junk)],
    // Never this text's own id: a save would settle (and compact) the updates counted below.
    () => [rng.pick(['draft:save', 'draft:leave']), rng.pick([{ textId: rng.pick(ids.slice(2).filter((id) => id !== textId.toUpperCase())) }, { textId, more: 1 }, rng.pick(junk)])],
    () => [rng.pick(['draft:here', 'draft:away']), { lawId: rng.pick(ids), editing: rng.pick([null, { kind: 'article', textId: rng.pick(ids) }, { kind: 'x', textId }, 'editing', { kind: 'amendment' }]) }],
    () => ['draft:here', rng.pick(junk)],
  ];

  for (let round = 0; round < FUZZ_ROUNDS; round++) {
    // A real keystroke, at a random place.
    typist.type(rng.pick(['a', 'b', ' ', 'é', '\n', '😀']), rng.int(typist.text.length + 1));
    const corrupt = rng.pick(corrupted);
    if (corrupt === corrupted[corrupted.length - 1]) typistRefusals.push(...(await typist.sent()));
    const { kind, update } = corrupt();
    await send(kind, 'draft:update', { textId, update: b64(update) }, update);
    const [event, payload] = rng.pick(malformed)();
    await send('malformed', event, payload);
    // A leave or a join of another text may have taken the fuzzer off this text: it joins again.
    if (!['draft:update', 'draft:here', 'draft:away'].includes(event)) fuzzer.emits = Infinity;
    if (round % 100 === 99) {
      typistRefusals.push(...(await typist.sent()));
      typist.socket.disconnect();
      typist = await newTypist();
    }
  }
  typistRefusals.push(...(await typist.sent()));
  fuzzer.socket?.disconnect();

  console.log(`draft fuzzing with seed ${SEED}, ${FUZZ_ROUNDS * 2} fuzzed emits: ${JSON.stringify(Object.fromEntries(Object.entries(outcomes).sort()))}`);
  expect(problems.slice(0, 20)).toEqual([]);
  expect(typistRefusals).toEqual([]);
  // Every kind of refusal was reached, and corrupted updates were refused for their reasons.
  for (const reason of ['bad-update', 'missing-dependencies', 'other-type', 'too-long']) expect(Object.keys(outcomes).some((key) => key.endsWith(` ${reason}`))).toBe(true);
  expect(outcomes['random bytes: ok'] ?? 0).toBeLessThan(outcomes['random bytes: 400 bad-update'] ?? 0);
  expect(outcomes['missing dependencies: ok']).toBeUndefined();
  expect(outcomes['other type: ok']).toBeUndefined();
  expect(outcomes['too long: ok']).toBeUndefined();

  // The expected text: the seed, the typist's keystrokes and the fuzzer's accepted updates.
  const expected = new Y.Doc();
  Y.applyUpdate(expected, seed);
  for (const update of [...typed, ...accepted]) Y.applyUpdate(expected, update);
  expect(expected.store.pendingStructs).toBeNull();
  const reader = new DraftPage(await h.client(ann), textId);
  expect(await reader.join(lawId, '')).toMatchObject({ ok: true });
  expect(reader.text).toBe(expected.getText(DRAFT_YTEXT).toString());
  // Nothing refused was stored: the seed, the typist's updates and the accepted ones.
  expect(await h.db.draftUpdate.count({ where: { textId } })).toBe(1 + typed.length + accepted.length);
  // 178 s in the full suite on a loaded machine: room for a machine slower still.
}, 600_000);
