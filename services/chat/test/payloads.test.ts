import { randomUUID } from 'node:crypto';
import { chatRooms } from '@civic/contracts';
import { checkPayload } from '../src/socket/payloads.js';

const room = chatRooms.proposals(randomUUID());
const keyOf = (result: ReturnType<typeof checkPayload>) => (result.ok ? 'ok' : result.problem.key);

describe('socket payloads: the platform’s text rule', () => {
  test.each([
    ['a message of several lines', 'ok', 'First line\nsecond\tline'],
    ['a message of one zero-width space', 'invisibleText', '\u200b'],
    ['a message of invisible characters and spaces', 'invisibleText', ' \u200b\u2060 \n'],
    ['a right-to-left override', 'forbiddenCharacters', 'innocent \u202etxt.exe'],
    ['a NUL byte', 'forbiddenCharacters', 'a\u0000b'],
    ['BEL and ESC', 'forbiddenCharacters', 'ring\u0007 \u001b[2J'],
    ['a C1 control', 'forbiddenCharacters', 'a\u0085b'],
  ])('%s: %s', (_label, expected, text) => {
    expect(keyOf(checkPayload('message:post', { room, text }))).toBe(expected);
    expect(keyOf(checkPayload('message:edit', { id: randomUUID(), text }))).toBe(expected);
  });

  test('a refusal names the field', () => {
    const result = checkPayload('message:post', { room, text: '\u200b\u200b' });
    expect(result).toEqual({ ok: false, problem: { key: 'invisibleText', errors: [{ path: '/text', keyword: 'text', message: 'invisibleText' }] } });
  });

  test('schema problems keep their keys', () => {
    expect(keyOf(checkPayload('message:post', { room }))).toBe('missingRequiredFields');
    expect(keyOf(checkPayload('message:post', { room, text: 42 }))).toBe('badRequest');
  });
});
