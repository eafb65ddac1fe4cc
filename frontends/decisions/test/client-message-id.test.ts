import { newClientMessageId } from '../src/chat/resend.js';

describe('client message ids', () => {
  it('are distinct version 4 uuids, the format the server accepts', () => {
    const ids = Array.from({ length: 200 }, () => newClientMessageId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
