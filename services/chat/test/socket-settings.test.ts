import { loadConfig } from '@civic/service-kit';
import { socketTransports, ChatConfig } from '../src/config.js';
import { isAllowedSocketOrigin, socketOrigins } from '../src/domain/origins.js';

const required = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres' };

describe('socket origins', () => {
  const allowed = socketOrigins('https://civic.example/', ' https://partner.example , http://localhost:3000/');

  it('allows the public origin and CORS_ORIGINS, written as browsers write them', () => {
    expect([...allowed].sort()).toEqual(['http://localhost:3000', 'https://civic.example', 'https://partner.example']);
    expect(isAllowedSocketOrigin('https://civic.example', allowed)).toBe(true);
    expect(isAllowedSocketOrigin('https://CIVIC.example:443', allowed)).toBe(true);
    expect(isAllowedSocketOrigin('https://partner.example', allowed)).toBe(true);
  });

  it('refuses any other origin, another scheme or port, and the opaque "null" origin', () => {
    for (const origin of ['https://evil.example', 'http://civic.example', 'https://civic.example:8443', 'https://civic.example.evil.example', 'null', '']) {
      expect(isAllowedSocketOrigin(origin, allowed)).toBe(false);
    }
  });

  it('lets through a handshake without Origin (same-origin long-polling, clients that are not browsers)', () => {
    expect(isAllowedSocketOrigin(undefined, allowed)).toBe(true);
  });
});

describe('socket settings', () => {
  it('defaults to WebSocket and long-polling, the gateway on localhost, no other origin', () => {
    const config = loadConfig(ChatConfig, required);
    expect(socketTransports(config.SOCKET_TRANSPORTS)).toEqual(['websocket', 'polling']);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.CORS_ORIGINS).toBe('');
  });

  it('takes WebSocket alone, and refuses a transport list it does not know', () => {
    expect(socketTransports(loadConfig(ChatConfig, { ...required, SOCKET_TRANSPORTS: 'websocket' }).SOCKET_TRANSPORTS)).toEqual(['websocket']);
    expect(() => loadConfig(ChatConfig, { ...required, SOCKET_TRANSPORTS: 'carrier-pigeon' })).toThrow(/SOCKET_TRANSPORTS/);
    expect(() => loadConfig(ChatConfig, { ...required, CORS_ORIGINS: 'not an origin' })).toThrow(/CORS_ORIGINS/);
  });
});
