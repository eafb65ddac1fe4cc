/**
 * The chat pod's socket gauges at /metrics: chat_sockets_connected follows connects and disconnects,
 * and chat_socket_capacity tells the saturation alert what one pod is sized for.
 */
import { hostname } from 'node:os';
import { metricSample, waitFor } from '@civic/test-kit';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ CHAT_SOCKET_CAPACITY: '1200' });
});

afterAll(async () => {
  await h.close();
});

const pod = { service: 'chat', pod: process.env.HOSTNAME || hostname() };
const connected = async () => metricSample((await h.a.app.inject({ url: '/metrics' })).body, 'chat_sockets_connected', pod);

describe('socket gauges', () => {
  it('counts the sockets connected to this pod, up on connect and down on disconnect, next to the configured capacity', async () => {
    const text = (await h.a.app.inject({ url: '/metrics' })).body;
    expect(metricSample(text, 'chat_socket_capacity', { service: 'chat' })).toBe(1200);
    expect(await connected()).toBe(0);

    const member = await h.member({ name: 'Counted' });
    const first = await h.client(member);
    const visitor = await h.client(null);
    expect(await connected()).toBe(2);

    first.disconnect();
    await waitFor(async () => (await connected()) === 1);
    visitor.disconnect();
    await waitFor(async () => (await connected()) === 0);
  });
});
