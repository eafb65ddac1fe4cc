/**
 * useResource's merge (docs/live.md): pushed figures merge into the answer shown, a read in flight
 * keeps its answer, and a pushed countdown moves the time of receipt so that the countdown places
 * the new server time by when it arrived, not by when the page first read.
 */
import { jest } from '@jest/globals';
import { installActDom } from './support/dom.js';

installActDom();

const { act, createElement: h } = await import('react');
const { createRoot } = await import('react-dom/client');
const { useBefore, useResource } = await import('../src/remote-hooks.js');
type Resource = ReturnType<typeof useResource<{ serverTime: string; votes: number }>>;

function Probe({ load, onRender }: { load: () => Promise<{ serverTime: string; votes: number }>; onRender: (resource: Resource) => void }) {
  onRender(useResource('cycle', load));
  return null;
}

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe('useResource merge', () => {
  it('keeps the time of receipt for figures and moves it for a pushed server time', async () => {
    const seen: { current?: Resource } = {};
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(h(Probe, { load: async () => ({ serverTime: '2026-01-01T00:00:00Z', votes: 1 }), onRender: (resource) => (seen.current = resource) })));
    await settle();
    const firstRead = seen.current!.receivedAt;
    expect(seen.current!.data).toEqual({ serverTime: '2026-01-01T00:00:00Z', votes: 1 });

    await new Promise((resolve) => setTimeout(resolve, 30));
    await act(async () => seen.current!.merge((data) => ({ ...data, votes: 2 })));
    expect(seen.current!.data!.votes).toBe(2);
    expect(seen.current!.receivedAt).toBe(firstRead);

    await act(async () => seen.current!.merge((data) => ({ ...data, serverTime: '2026-01-01T00:00:10Z' }), { receivedNow: true }));
    expect(seen.current!.data).toEqual({ serverTime: '2026-01-01T00:00:10Z', votes: 2 });
    expect(seen.current!.receivedAt).toBeGreaterThanOrEqual(firstRead + 30);
    await act(async () => root.unmount());
  });

  it('keeps a read in flight when figures are merged meanwhile', async () => {
    const seen: { current?: Resource } = {};
    let answer = { serverTime: '2026-01-01T00:00:00Z', votes: 1 };
    let release: () => void = () => undefined;
    const load = () => new Promise<typeof answer>((resolve) => (release = () => resolve(answer)));
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(h(Probe, { load, onRender: (resource) => (seen.current = resource) })));
    release();
    await settle();
    answer = { serverTime: '2026-01-01T00:00:05Z', votes: 7 };
    await act(async () => seen.current!.reload());
    await act(async () => seen.current!.merge((data) => ({ ...data, votes: 3 })));
    expect(seen.current!.data!.votes).toBe(3);
    release();
    await settle();
    expect(seen.current!.data).toEqual(answer);
    await act(async () => root.unmount());
  });
});

describe('useBefore', () => {
  function BeforeProbe({ instant, onRender }: { instant: string | null; onRender: (before: boolean) => void }) {
    onRender(useBefore(instant));
    return null;
  }

  it('is true until the instant, then renders once more, and does not tick in between', async () => {
    // The test's own clock: on a loaded machine the real one could pass the instant before the first look.
    jest.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    try {
      const renders: boolean[] = [];
      const root = createRoot(document.createElement('div'));
      const instant = new Date(Date.now() + 150).toISOString();
      await act(async () => root.render(h(BeforeProbe, { instant, onRender: (before) => renders.push(before) })));
      expect(renders.at(-1)).toBe(true);
      const rendersAtFirst = renders.length;
      await act(async () => jest.advanceTimersByTime(149));
      // Nothing ticks while the instant is to come.
      expect(renders.length).toBe(rendersAtFirst);
      await act(async () => jest.advanceTimersByTime(1));
      // The instant passing renders false (React may render the new state twice before it bails out).
      const afterInstant = renders.slice(rendersAtFirst);
      expect(afterInstant.length).toBeGreaterThanOrEqual(1);
      expect(afterInstant.length).toBeLessThanOrEqual(2);
      expect(afterInstant.every((before) => before === false)).toBe(true);
      // Then nothing ticks any more.
      await act(async () => jest.advanceTimersByTime(60_000));
      expect(renders.slice(rendersAtFirst)).toEqual(afterInstant);
      await act(async () => root.unmount());
    } finally {
      jest.useRealTimers();
    }
  });

  it('is false for no instant or a past one, and follows a new instant', async () => {
    const renders: boolean[] = [];
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(h(BeforeProbe, { instant: null, onRender: (before) => renders.push(before) })));
    expect(renders.at(-1)).toBe(false);
    await act(async () => root.render(h(BeforeProbe, { instant: '2020-01-01T00:00:00Z', onRender: (before) => renders.push(before) })));
    expect(renders.at(-1)).toBe(false);
    await act(async () => root.render(h(BeforeProbe, { instant: new Date(Date.now() + 60_000).toISOString(), onRender: (before) => renders.push(before) })));
    expect(renders.at(-1)).toBe(true);
    await act(async () => root.unmount());
  });
});
