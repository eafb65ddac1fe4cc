import { claimReload, isChunkLoadError, readReloadLog, reloadGuardKey, type GuardStorage } from '../src/app/reload-guard.js';

function memoryStorage(): GuardStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('the chunk reload guard', () => {
  it('reloads once per path within 10 seconds', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, '/decisions', 1_000)).toBe(true);
    expect(claimReload(storage, '/decisions', 1_500)).toBe(false);
    expect(claimReload(storage, '/decisions', 10_999)).toBe(false);
    expect(claimReload(storage, '/decisions', 11_000)).toBe(true);
  });

  it('keeps paths apart', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, '/decisions', 0)).toBe(true);
    expect(claimReload(storage, '/elections', 100)).toBe(true);
    expect(claimReload(storage, '/decisions', 200)).toBe(false);
  });

  it('forgets entries older than the window', () => {
    const storage = memoryStorage();
    claimReload(storage, '/a', 0);
    claimReload(storage, '/b', 20_000);
    expect(Object.keys(readReloadLog(storage))).toEqual(['/b']);
  });

  it('reads a damaged record as empty, and does not reload when storage refuses to write', () => {
    const storage = memoryStorage();
    storage.values.set(reloadGuardKey, '{not json');
    expect(readReloadLog(storage)).toEqual({});
    expect(claimReload(storage, '/x', 0)).toBe(true);
    const refusing: GuardStorage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(claimReload(refusing, '/x', 0)).toBe(false);
  });

  it('recognises failed chunk and remote loads, and nothing else', () => {
    const chunk = Object.assign(new Error('Loading chunk 895 failed.\n(error: http://x/895.js)'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest.'))).toBe(true);
    expect(isChunkLoadError(new Error('[ Federation Runtime ]: RUNTIME-008 Failed to load script resources.'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
