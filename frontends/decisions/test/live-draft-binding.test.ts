/**
 * The live editor's binding of a textarea to a text's Yjs document: what is typed becomes the
 * smallest change (never half a character), two pages typing at once converge on a text holding both
 * members' words, a member's caret and selection stay where they were in the words when others type,
 * a rejoin sends exactly what the server lacks, and updates go merged, one at a time.
 */
import * as Y from 'yjs';
import { DRAFT_YTEXT } from '@civic/contracts';
import {
  LOCAL,
  REMOTE,
  UpdateBatcher,
  applyInput,
  applyRemote,
  fromBase64,
  missingOnServer,
  smallestChange,
  toBase64,
  wordsOf,
  type SendResult,
  type Timers,
} from '../src/ui/live-draft/text-binding.js';

/** A page: its document, and the updates it made (what it would send). */
function page(seed?: Uint8Array) {
  const doc = new Y.Doc();
  const sent: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === LOCAL) sent.push(update);
  });
  if (seed) Y.applyUpdate(doc, seed, REMOTE);
  return { doc, sent, text: () => wordsOf(doc).toString() };
}

/** The server's first state of a text: its words, written by a client of its own. */
function seeded(body: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText(DRAFT_YTEXT).insert(0, body);
  return Y.encodeStateAsUpdate(doc);
}

/** Types `letters` one at a time at `at` (moved along as it types), as a textarea's input events would. */
function typeAt(target: ReturnType<typeof page>, at: number, letters: string): number {
  let caret = at;
  for (const letter of letters) {
    const before = target.text();
    applyInput(target.doc, before.slice(0, caret) + letter + before.slice(caret), caret + 1);
    caret += 1;
  }
  return caret;
}

describe('the smallest change', () => {
  it('is an insertion, a deletion or a replacement between the common prefix and suffix', () => {
    expect(smallestChange('The law', 'The new law')).toEqual({ index: 4, remove: 0, insert: 'new ' });
    expect(smallestChange('The new law', 'The law')).toEqual({ index: 4, remove: 4, insert: '' });
    expect(smallestChange('The old law', 'The new law')).toEqual({ index: 4, remove: 3, insert: 'new' });
    expect(smallestChange('same', 'same')).toBeNull();
    expect(smallestChange('', 'all new')).toEqual({ index: 0, remove: 0, insert: 'all new' });
  });

  it('is placed at the caret when the words repeat', () => {
    // "aa" → "aaa": without the caret, an insertion at the end; typed between the two letters, at 1.
    expect(smallestChange('aa', 'aaa')).toEqual({ index: 2, remove: 0, insert: 'a' });
    expect(smallestChange('aa', 'aaa', 2)).toEqual({ index: 1, remove: 0, insert: 'a' });
    expect(smallestChange('aa', 'aaa', 1)).toEqual({ index: 0, remove: 0, insert: 'a' });
    // Backspace after the second of three letters: the caret stands at 1.
    expect(smallestChange('aaa', 'aa', 1)).toEqual({ index: 1, remove: 1, insert: '' });
  });

  it('never splits a character made of two UTF-16 units', () => {
    // 😀 and 😃 share their first unit: the change takes both units of each.
    const change = smallestChange('a😀b', 'a😃b')!;
    expect(change).toEqual({ index: 1, remove: 2, insert: '😃' });
    // U+1F600 and U+1F200 share their second unit: the change takes both units there too.
    const before = 'x\uD83D\uDE00';
    const after = 'x\uD83C\uDE00';
    expect(smallestChange(before, after)).toEqual({ index: 1, remove: 2, insert: '\uD83C\uDE00' });
  });

  it('applies as one local transaction, and the document reads what the field reads', () => {
    const one = page(seeded('The old law'));
    applyInput(one.doc, 'The new law', 7);
    expect(one.text()).toBe('The new law');
    expect(one.sent).toHaveLength(1);
    expect(applyInput(one.doc, 'The new law')).toBeNull();
    expect(one.sent).toHaveLength(1);
  });
});

describe('two pages typing at once', () => {
  it('converge on one text holding both members’ words, however their keystrokes interleave', () => {
    const seed = seeded('Every citizen may vote.');
    const alice = page(seed);
    const bob = page(seed);
    // Interleaved keystrokes: Alice at the start, Bob before the full stop; each letter reaches the
    // other page after the other's next letter (they cross in flight).
    const aliceWords = 'Truly ';
    const bobWords = ' freely';
    let aliceCaret = 0;
    let bobCaret = bob.text().length - 1;
    for (let index = 0; index < Math.max(aliceWords.length, bobWords.length); index++) {
      const aliceFrom = alice.sent.length;
      const bobFrom = bob.sent.length;
      if (aliceWords[index]) aliceCaret = typeAt(alice, aliceCaret, aliceWords[index]!);
      if (bobWords[index]) bobCaret = typeAt(bob, bobCaret, bobWords[index]!);
      for (const update of alice.sent.slice(aliceFrom)) {
        const { selection } = applyRemote(bob.doc, update, { start: bobCaret, end: bobCaret });
        bobCaret = selection!.start;
      }
      for (const update of bob.sent.slice(bobFrom)) {
        const { selection } = applyRemote(alice.doc, update, { start: aliceCaret, end: aliceCaret });
        aliceCaret = selection!.start;
      }
    }
    expect(alice.text()).toBe('Truly Every citizen may vote freely.');
    expect(bob.text()).toBe(alice.text());
  });

  it('converge when both type at the same place, each keeping their own letters together', () => {
    const seed = seeded('Article: ');
    const alice = page(seed);
    const bob = page(seed);
    let aliceCaret = alice.text().length;
    let bobCaret = bob.text().length;
    for (const [a, b] of [['o', 'y'], ['n', 'e'], ['e', 's']] as const) {
      const aliceFrom = alice.sent.length;
      const bobFrom = bob.sent.length;
      aliceCaret = typeAt(alice, aliceCaret, a);
      bobCaret = typeAt(bob, bobCaret, b);
      for (const update of alice.sent.slice(aliceFrom)) bobCaret = applyRemote(bob.doc, update, { start: bobCaret, end: bobCaret }).selection!.start;
      for (const update of bob.sent.slice(bobFrom)) aliceCaret = applyRemote(alice.doc, update, { start: aliceCaret, end: aliceCaret }).selection!.start;
    }
    expect(alice.text()).toBe(bob.text());
    // Each caret stays after its own last letter: each member's word stays whole.
    expect(alice.text()).toContain('one');
    expect(alice.text()).toContain('yes');
  });
});

describe('the caret and the selection when others type', () => {
  const setUp = () => {
    const seed = seeded('The quick fox');
    return { me: page(seed), other: page(seed) };
  };
  const remoteEdit = (from: ReturnType<typeof page>, to: ReturnType<typeof page>, edit: () => void, selection: { start: number; end: number } | null) => {
    const before = from.sent.length;
    edit();
    let result: ReturnType<typeof applyRemote> | null = null;
    for (const update of from.sent.slice(before)) result = applyRemote(to.doc, update, selection && (result?.selection ?? selection));
    return result!;
  };

  it('moves along with words added before it, and stays for words added after it', () => {
    const { me, other } = setUp();
    // My caret after "quick" (index 9).
    const before = remoteEdit(other, me, () => applyInput(other.doc, 'Oh, The quick fox'), { start: 9, end: 9 });
    expect(before.text).toBe('Oh, The quick fox');
    expect(before.selection).toEqual({ start: 13, end: 13 });
    const after = remoteEdit(other, me, () => applyInput(other.doc, 'Oh, The quick fox jumps'), { start: 13, end: 13 });
    expect(after.selection).toEqual({ start: 13, end: 13 });
  });

  it('stays after the letter it follows when someone types right at it', () => {
    const { me, other } = setUp();
    const result = remoteEdit(other, me, () => applyInput(other.doc, 'The quick brown fox', 10), { start: 9, end: 9 });
    // Their " brown" lands after my caret: my next letter still follows "quick".
    expect(result.text).toBe('The quick brown fox');
    expect(result.selection).toEqual({ start: 9, end: 9 });
  });

  it('keeps a selection on the words it holds, not growing at its edges', () => {
    const { me, other } = setUp();
    // "quick" selected (4 to 9); someone types at both of its edges.
    const result = remoteEdit(
      other,
      me,
      () => {
        applyInput(other.doc, 'The very quick fox', 9);
        applyInput(other.doc, 'The very quick, fox', 15);
      },
      { start: 4, end: 9 },
    );
    expect(result.text).toBe('The very quick, fox');
    expect(result.text.slice(result.selection!.start, result.selection!.end)).toBe('quick');
  });

  it('falls back to where the words were when they are deleted', () => {
    const { me, other } = setUp();
    const result = remoteEdit(other, me, () => applyInput(other.doc, 'The fox', 4), { start: 8, end: 8 });
    expect(result.text).toBe('The fox');
    expect(result.selection).toEqual({ start: 4, end: 4 });
  });

  it('answers no selection for a field without the focus', () => {
    const { me, other } = setUp();
    expect(remoteEdit(other, me, () => applyInput(other.doc, 'A quick fox', 1), null).selection).toBeNull();
  });
});

describe('a join after a disconnection', () => {
  it('sends what the server lacks: words typed while away, deletions included', () => {
    const server = page(seeded('Every citizen may vote.'));
    const serverState = () => Y.encodeStateAsUpdate(server.doc);
    const me = page(serverState());
    expect(missingOnServer(me.doc, serverState())).toBeNull();

    // Away: I add words, someone else's arrive at the server meanwhile.
    applyInput(me.doc, 'Every adult citizen may vote.', 12);
    const other = page(serverState());
    applyInput(other.doc, 'Every citizen may vote freely.', 29);
    for (const update of other.sent) Y.applyUpdate(server.doc, update, REMOTE);

    // The rejoin: the server's state applied here, then what the server lacks sent there.
    applyRemote(me.doc, serverState(), null);
    const missing = missingOnServer(me.doc, serverState());
    expect(missing).not.toBeNull();
    Y.applyUpdate(server.doc, missing!, REMOTE);
    expect(server.text()).toBe('Every adult citizen may vote freely.');
    expect(me.text()).toBe(server.text());
    expect(missingOnServer(me.doc, serverState())).toBeNull();

    // A deletion alone adds nothing to the state vector, and is still sent.
    applyInput(me.doc, 'Every adult citizen may vote.', 28);
    const deletion = missingOnServer(me.doc, serverState());
    expect(deletion).not.toBeNull();
    Y.applyUpdate(server.doc, deletion!, REMOTE);
    expect(server.text()).toBe('Every adult citizen may vote.');
  });
});

describe('base64', () => {
  it('carries any bytes both ways, a large paste included', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 7919) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(toBase64(new Uint8Array([0, 255]))).toBe('AP8=');
  });
});

/** Timers run by hand. */
function manualTimers() {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let next = 0;
  const api: Timers = {
    setTimeout: (run, ms) => {
      const id = ++next;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  return {
    api,
    async advance(ms: number) {
      now += ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        due.run();
        await Promise.resolve();
      }
      // Let the sends' answers settle.
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    },
  };
}

describe('the updates sent', () => {
  const typing = () => {
    const me = page(seeded(''));
    const updates: Uint8Array[] = [];
    me.doc.on('update', (update: Uint8Array, origin: unknown) => origin === LOCAL && updates.push(update));
    return { me, updates };
  };

  it('are merged per batch delay and make the same text', async () => {
    const clock = manualTimers();
    const sent: Uint8Array[] = [];
    const batcher = new UpdateBatcher(async (update) => {
      sent.push(update);
      return { sent: true };
    }, 50, clock.api);
    const { me, updates } = typing();
    typeAt(me, 0, 'Hello');
    for (const update of updates) batcher.add(update);
    expect(sent).toHaveLength(0);
    await clock.advance(49);
    expect(sent).toHaveLength(0);
    await clock.advance(1);
    expect(sent).toHaveLength(1);
    const copy = page(seeded(''));
    Y.applyUpdate(copy.doc, sent[0]!, REMOTE);
    expect(copy.text()).toBe('Hello');
    expect(batcher.pending).toBe(false);
  });

  it('go one at a time: what comes while one is in flight waits for its answer', async () => {
    const clock = manualTimers();
    const answers: ((result: SendResult) => void)[] = [];
    const sent: Uint8Array[] = [];
    const batcher = new UpdateBatcher(
      (update) =>
        new Promise<SendResult>((resolve) => {
          sent.push(update);
          answers.push(resolve);
        }),
      50,
      clock.api,
    );
    batcher.add(new Uint8Array([0, 0]));
    await clock.advance(50);
    expect(sent).toHaveLength(1);
    batcher.add(new Uint8Array([0, 0]));
    await clock.advance(500);
    expect(sent).toHaveLength(1);
    answers[0]!({ sent: true });
    await clock.advance(0);
    await clock.advance(50);
    expect(sent).toHaveLength(2);
  });

  it('are sent again after the wait when the socket’s rate refused them', async () => {
    const clock = manualTimers();
    const results: SendResult[] = [{ sent: false, retryAfterMs: 400 }, { sent: true }];
    const sent: Uint8Array[] = [];
    const batcher = new UpdateBatcher(async (update) => {
      sent.push(update);
      return results.shift()!;
    }, 50, clock.api);
    const { me, updates } = typing();
    typeAt(me, 0, 'Hi');
    batcher.add(updates[0]!);
    await clock.advance(50);
    batcher.add(updates[1]!);
    await clock.advance(399);
    expect(sent).toHaveLength(1);
    await clock.advance(1);
    expect(sent).toHaveLength(2);
    // The refused update went again, merged with the one that came meanwhile.
    const copy = page(seeded(''));
    Y.applyUpdate(copy.doc, sent[1]!, REMOTE);
    expect(copy.text()).toBe('Hi');
  });

  it('drain sends at once and resolves when nothing waits', async () => {
    const clock = manualTimers();
    const sent: Uint8Array[] = [];
    const batcher = new UpdateBatcher(async (update) => {
      sent.push(update);
      return { sent: true };
    }, 50, clock.api);
    batcher.add(new Uint8Array([0, 0]));
    await batcher.drain();
    expect(sent).toHaveLength(1);
    expect(batcher.pending).toBe(false);
  });
});
