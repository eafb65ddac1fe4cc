import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '@civic/service-kit';
import { GatewayConfig, corsOrigins, resolveDistFolders, siteOrigins, trustProxySetting } from '../src/config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(GatewayConfig, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('gateway config', () => {
  test('defaults need no environment at all', () => {
    const config = loadConfig(GatewayConfig, {});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      IDENTITY_URL: 'http://127.0.0.1:4001',
      DECISIONS_URL: 'http://127.0.0.1:4002',
      ELECTIONS_URL: 'http://127.0.0.1:4003',
      CHAT_URL: 'http://127.0.0.1:4004',
      NOTIFICATIONS_URL: 'http://127.0.0.1:4005',
      RATE_LIMIT_MAX: 600,
      RATE_LIMIT_WINDOW_MS: 60_000,
      TRUST_PROXY: 'false',
      CORS_ORIGINS: '',
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(config.SHELL_DIST).toBeUndefined();
    expect(trustProxySetting(config.TRUST_PROXY)).toBe(false);
    expect(corsOrigins(config.CORS_ORIGINS).size).toBe(0);
  });

  test('PORT=abc is a ConfigError naming PORT', () => {
    expect(() => loadConfig(GatewayConfig, { PORT: 'abc' })).toThrow(ConfigError);
    expect(problemsOf({ PORT: 'abc' })).toEqual([expect.stringContaining('PORT')]);
  });

  test('every bad variable is named', () => {
    const problems = problemsOf({
      PORT: '70000',
      IDENTITY_URL: 'not a url',
      CHAT_URL: 'http://127.0.0.1:4004/api',
      RATE_LIMIT_MAX: '0',
      RATE_LIMIT_WINDOW_MS: 'soon',
      TRUST_PROXY: 'maybe',
      CORS_ORIGINS: 'example.com',
      LOG_LEVEL: 'loud',
    });
    for (const name of ['PORT', 'IDENTITY_URL', 'CHAT_URL', 'RATE_LIMIT_MAX', 'RATE_LIMIT_WINDOW_MS', 'TRUST_PROXY', 'CORS_ORIGINS', 'LOG_LEVEL']) {
      expect(problems.some((problem) => problem.startsWith(`${name} `))).toBe(true);
    }
  });

  test('TRUST_PROXY takes true, false or proxy addresses', () => {
    expect(trustProxySetting(loadConfig(GatewayConfig, { TRUST_PROXY: 'true' }).TRUST_PROXY)).toBe(true);
    expect(trustProxySetting(loadConfig(GatewayConfig, { TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY)).toBe('10.0.0.0/8,loopback');
    expect(trustProxySetting(loadConfig(GatewayConfig, { TRUST_PROXY: '::1,fd00::/8' }).TRUST_PROXY)).toBe('::1,fd00::/8');
    expect(problemsOf({ TRUST_PROXY: '2' })).toEqual([expect.stringContaining('TRUST_PROXY')]);
  });

  test("the site's origins are PUBLIC_URL's origin and CORS_ORIGINS", () => {
    const config = loadConfig(GatewayConfig, { PUBLIC_URL: 'https://Civic.Example.org/', CORS_ORIGINS: 'http://localhost:3000' });
    expect([...siteOrigins(config)]).toEqual(['https://civic.example.org', 'http://localhost:3000']);
    expect([...siteOrigins(loadConfig(GatewayConfig, { PUBLIC_URL: 'https://civic.example.org:443/app' }))]).toEqual(['https://civic.example.org']);
    for (const PUBLIC_URL of ['civic.example.org', 'ftp://civic.example.org', 'https://']) {
      expect(problemsOf({ PUBLIC_URL })).toEqual([expect.stringContaining('PUBLIC_URL')]);
    }
  });

  test('CORS_ORIGINS is a comma separated list of origins', () => {
    const config = loadConfig(GatewayConfig, { CORS_ORIGINS: 'http://localhost:3000, https://App.Example/' });
    expect([...corsOrigins(config.CORS_ORIGINS)]).toEqual(['http://localhost:3000', 'https://app.example']);
  });

  test('a front-end folder that does not exist is named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-config-'));
    try {
      const config = loadConfig(GatewayConfig, { SHELL_DIST: dir, DECISIONS_REMOTE_DIST: join(dir, 'missing') });
      expect(() => resolveDistFolders(config)).toThrow(ConfigError);
      try {
        resolveDistFolders(config);
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([expect.stringContaining('DECISIONS_REMOTE_DIST')]);
      }
      const relative = loadConfig(GatewayConfig, { SHELL_DIST: '.' });
      expect(resolveDistFolders(relative, dir).SHELL_DIST).toBe(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
