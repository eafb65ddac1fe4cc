import { manifestUrl, parseRemoteConfig } from '../src/remotes/config.js';

describe('/remotes.json', () => {
  it('reads the manifest URL of each remote', () => {
    expect(
      parseRemoteConfig({
        decisions: '/remotes/decisions/mf-manifest.json',
        elections: 'https://cdn.example.org/elections/mf-manifest.json',
      }),
    ).toEqual({
      decisions: '/remotes/decisions/mf-manifest.json',
      elections: 'https://cdn.example.org/elections/mf-manifest.json',
    });
  });

  it('leaves out a remote without a usable URL, so only that remote is unavailable', () => {
    expect(parseRemoteConfig({ decisions: '/d/mf-manifest.json', elections: '', other: '/x.json' })).toEqual({
      decisions: '/d/mf-manifest.json',
    });
    expect(parseRemoteConfig({ elections: 42 })).toEqual({});
  });

  it('rejects a file that is not a JSON object', () => {
    expect(() => parseRemoteConfig(null)).toThrow('/remotes.json is not a JSON object');
    expect(() => parseRemoteConfig(['/remotes/decisions/mf-manifest.json'])).toThrow('not a JSON object');
  });

  it('resolves manifest URLs against remotes.json, not against the deep link being shown', () => {
    expect(manifestUrl('/remotes/elections/mf-manifest.json', 'https://civic.example/elections/elected')).toBe(
      'https://civic.example/remotes/elections/mf-manifest.json',
    );
    expect(manifestUrl('remotes/elections/mf-manifest.json', 'https://civic.example/elections/elected')).toBe(
      'https://civic.example/remotes/elections/mf-manifest.json',
    );
    expect(manifestUrl('https://cdn.example.org/e/mf-manifest.json', 'https://civic.example/')).toBe(
      'https://cdn.example.org/e/mf-manifest.json',
    );
  });
});
