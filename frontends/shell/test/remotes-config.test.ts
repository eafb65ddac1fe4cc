import { manifestUrl, matchesRoute, parseRemoteConfig, remoteOfPath } from '../src/remotes/config.js';

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

describe('the remote of the first path, started before the shell renders', () => {
  const paths = { decisions: ['/decisions/*', '/kanban/*', '/archive/*'], elections: ['/elections/*'] };
  it('names the remote serving a path and its sub-paths', () => {
    expect(remoteOfPath('/archive', paths)).toBe('decisions');
    expect(remoteOfPath('/archive/3f2a', paths)).toBe('decisions');
    expect(remoteOfPath('/kanban/laws', paths)).toBe('decisions');
    expect(remoteOfPath('/elections/elected', paths)).toBe('elections');
  });
  it('names none for the shell’s own screens, nor for a path that only begins like a remote’s', () => {
    expect(remoteOfPath('/', paths)).toBeNull();
    expect(remoteOfPath('/login', paths)).toBeNull();
    expect(remoteOfPath('/archives', paths)).toBeNull();
  });
});

describe('matchesRoute', () => {
  it('matches static segments exactly and a parameter to any one segment', () => {
    expect(matchesRoute('/decisions/proposals', '/decisions/proposals')).toBe(true);
    expect(matchesRoute('/decisions/proposals', '/decisions/proposals/')).toBe(true);
    expect(matchesRoute('/decisions/proposals', '/decisions/final-vote')).toBe(false);
    expect(matchesRoute('/archive/:id', '/archive/3f2a')).toBe(true);
    expect(matchesRoute('/archive/:id', '/archive')).toBe(false);
    expect(matchesRoute('/archive/:id', '/archive/3f2a/pdf')).toBe(false);
    expect(matchesRoute('/decisions/history/:kind/:id', '/decisions/history/article/7')).toBe(true);
    expect(matchesRoute('/decisions', '/decisions/7')).toBe(false);
  });
});
