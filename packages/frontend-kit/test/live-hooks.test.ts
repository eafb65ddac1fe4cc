/**
 * useLiveTopic over the page socket's registry (docs/live.md): a topic is watched while mounted, once
 * whatever the re-renders, the latest callbacks hear its updates, and a change of topic or an unmount
 * leaves it. The page's socket is a fake put in the registry page-socket.ts keeps on globalThis.
 */
import type { LiveUpdate } from '@civic/contracts';
import { installActDom } from './support/dom.js';

installActDom();

interface Watcher {
  onUpdate: (update: LiveUpdate) => void;
  onResync?: () => void;
}
const emitted: [string, unknown][] = [];
/** The acknowledgement callbacks of the emits, in order: a test answers them as the server would. */
const acks: ((answer: unknown) => void)[] = [];
const fakeSocket = {
  connected: true,
  emit: (event: string, payload: unknown, ack: (answer: unknown) => void) => {
    emitted.push([event, payload]);
    acks.push(ack);
  },
};
const registry = { socket: Promise.resolve(fakeSocket), watchers: new Map<string, Set<Watcher>>() };
(globalThis as Record<symbol, unknown>)[Symbol.for('civic.page-socket')] = registry;

const { act, createElement: h } = await import('react');
const { createRoot } = await import('react-dom/client');
const { useLiveTopic } = await import('../src/live-hooks.js');

const lawA = 'law:6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b' as const;
const lawB = 'law:7a1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b' as const;
const push = (topic: string, data: unknown) => {
  for (const watcher of registry.watchers.get(topic) ?? []) watcher.onUpdate({ topic: topic as LiveUpdate['topic'], kind: 'counts', data, at: new Date().toISOString() });
};
const settle = () => act(async () => await Promise.resolve());

function Probe({ topic, label, heard }: { topic: typeof lawA | null; label: string; heard: string[] }) {
  useLiveTopic<{ n: number }>(
    topic,
    (update) => heard.push(`${label}:${update.data.n}`),
    () => heard.push(`${label}:resync`),
    () => heard.push(`${label}:watching`),
  );
  return null;
}

describe('useLiveTopic', () => {
  it('watches once across re-renders, hands updates to the latest callbacks, follows a change of topic and leaves on unmount', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    const heard: string[] = [];
    await act(async () => root.render(h(Probe, { topic: null, label: 'first', heard })));
    await settle();
    expect(registry.watchers.size).toBe(0);

    await act(async () => root.render(h(Probe, { topic: lawA, label: 'first', heard })));
    await settle();
    expect(emitted).toEqual([['live:watch', { topics: [lawA] }]]);
    await act(async () => root.render(h(Probe, { topic: lawA, label: 'second', heard })));
    await settle();
    expect(emitted).toHaveLength(1); // a re-render does not watch again
    push(lawA, { n: 1 });
    for (const watcher of registry.watchers.get(lawA) ?? []) watcher.onResync?.();
    expect(heard).toEqual(['second:1', 'second:resync']);

    await act(async () => root.render(h(Probe, { topic: lawB as typeof lawA, label: 'second', heard })));
    await settle();
    expect(emitted.slice(1)).toEqual([
      ['live:unwatch', { topics: [lawA] }],
      ['live:watch', { topics: [lawB] }],
    ]);
    push(lawA, { n: 2 });
    push(lawB, { n: 3 });
    expect(heard.slice(2)).toEqual(['second:3']);

    await act(async () => root.unmount());
    await settle();
    expect(emitted.at(-1)).toEqual(['live:unwatch', { topics: [lawB] }]);
    expect(registry.watchers.size).toBe(0);
  });

  it('says once that the server follows the topic: when it accepts the watch, at once for a topic already followed, never on a refusal', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    const heard: string[] = [];
    const from = acks.length;
    await act(async () => root.render(h(Probe, { topic: lawA, label: 'first', heard })));
    await settle();
    expect(heard).toEqual([]);
    acks[from]!({ ok: true, data: {} });
    expect(heard).toEqual(['first:watching']);
    acks[from]!({ ok: true, data: {} }); // a repeated answer tells nobody twice
    expect(heard).toEqual(['first:watching']);

    const other = createRoot(document.createElement('div'));
    await act(async () => other.render(h(Probe, { topic: lawA, label: 'second', heard })));
    await settle();
    expect(heard).toEqual(['first:watching', 'second:watching']);

    await act(async () => other.render(h(Probe, { topic: lawB as typeof lawA, label: 'second', heard })));
    await settle();
    acks.at(-1)!({ statusCode: 400, statusMessage: 'badRequest' });
    expect(heard).toEqual(['first:watching', 'second:watching']);

    await act(async () => root.unmount());
    await act(async () => other.unmount());
    await settle();
  });
});
