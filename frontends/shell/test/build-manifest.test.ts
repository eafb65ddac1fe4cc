import { isNewBuild, parseBuildManifest, scriptPath } from '../src/app/build-manifest.js';

describe('the build manifest check', () => {
  const manifest = parseBuildManifest({ version: 'abc', entry: ['/main.1234abcd56.js'] });

  it('reads a manifest and refuses anything else', () => {
    expect(manifest).toEqual({ version: 'abc', entry: ['/main.1234abcd56.js'] });
    expect(parseBuildManifest(null)).toBeNull();
    expect(parseBuildManifest([])).toBeNull();
    expect(parseBuildManifest({ version: '', entry: ['/a.js'] })).toBeNull();
    expect(parseBuildManifest({ version: 'v', entry: [] })).toBeNull();
    expect(parseBuildManifest({ version: 'v', entry: [3] })).toBeNull();
  });

  it('sees no update while the page runs the deployed entry scripts', () => {
    expect(isNewBuild(manifest, ['/main.1234abcd56.js'])).toBe(false);
    expect(isNewBuild(manifest, ['/other.js', '/main.1234abcd56.js'])).toBe(false);
  });

  it('sees an update once another build is deployed', () => {
    expect(isNewBuild(manifest, ['/main.ffff0000aa.js'])).toBe(true);
  });

  it('never counts an unreadable manifest as an update', () => {
    expect(isNewBuild(null, ['/main.ffff0000aa.js'])).toBe(false);
  });

  it('compares script paths, whatever the origin', () => {
    expect(scriptPath('http://127.0.0.1:8080/main.1234abcd56.js', 'http://127.0.0.1:8080/decisions')).toBe('/main.1234abcd56.js');
    expect(scriptPath('/main.js', 'http://localhost/')).toBe('/main.js');
  });
});
