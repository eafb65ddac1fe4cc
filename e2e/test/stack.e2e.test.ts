// The running stack, through the gateway only: readiness, routing, and an event crossing services.
const base = () => {
  const url = process.env['E2E_BASE_URL'];
  if (!url) throw new Error('E2E_BASE_URL is not set: the browser project global setup starts the stack');
  return url;
};

async function poll<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the running stack', () => {
  it('is ready when every service is', async () => {
    const res = await fetch(`${base()}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      services: { identity: 'ok', decisions: 'ok', elections: 'ok', chat: 'ok', notifications: 'ok' },
    });
  });

  it('answers unknown API paths in the spec error shape', async () => {
    const res = await fetch(`${base()}/api/no/such/thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, statusMessage: 'Not Found' });
  });

  it('carries a registration from identity to the decisions start rule through NATS', async () => {
    const before = (await (await fetch(`${base()}/api/decisions/start-rule`)).json()).registeredUsers as number;
    const email = `citizen-${Date.now()}@example.org`;
    const res = await fetch(`${base()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, userName: 'Olympe de Gouges', password: 'declaration-1791' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const after = await poll(async () => {
      const rule = await (await fetch(`${base()}/api/decisions/start-rule`)).json();
      return rule.registeredUsers > before ? (rule.registeredUsers as number) : undefined;
    });
    expect(after).toBe(before + 1);
  });

  it('refuses a cross-site form post (CSRF) without touching identity', async () => {
    const res = await fetch(`${base()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'x@example.org', userName: 'Mallory', password: 'long enough' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ statusCode: 403, statusMessage: 'Unauthorized action' });
  });
});
