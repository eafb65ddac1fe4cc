import { chatSocketOptions } from '../src/socket-options.js';

describe('the chat socket options', () => {
  it('connect with WebSocket first and fall back to long-polling only when WebSocket cannot connect', () => {
    expect(chatSocketOptions.transports).toEqual(['websocket', 'polling']);
    expect(chatSocketOptions.tryAllTransports).toBe(true);
  });

  it('reconnect by themselves through the gateway path, with the access cookie', () => {
    expect(chatSocketOptions).toMatchObject({ path: '/socket.io', reconnection: true, withCredentials: true, forceNew: true });
    expect(chatSocketOptions.reconnectionDelay).toBeLessThanOrEqual(chatSocketOptions.reconnectionDelayMax);
  });

  it('are frozen, so each socket gets a copy rather than sharing one socket.io writes into', () => {
    expect(Object.isFrozen(chatSocketOptions)).toBe(true);
    expect(() => {
      (chatSocketOptions as { path: string }).path = '/elsewhere';
    }).toThrow(TypeError);
  });
});
