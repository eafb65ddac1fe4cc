import { formFields } from '../src/routes/one-click-form.js';
import { mayOpenStream, MAX_STREAMS_PER_MEMBER } from '../src/domain/live-streams.js';

describe('the one-click form (RFC 8058)', () => {
  test.each([
    ['urlencoded', 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click', { 'List-Unsubscribe': 'One-Click' }],
    ['urlencoded, with a charset and another field', 'application/x-www-form-urlencoded; charset=utf-8', 'a=1&List-Unsubscribe=One-Click&a=2', { a: '1', 'List-Unsubscribe': 'One-Click' }],
    ['urlencoded, empty', 'application/x-www-form-urlencoded', '', {}],
    [
      'multipart',
      'multipart/form-data; boundary=----x1',
      '------x1\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n------x1--\r\n',
      { 'List-Unsubscribe': 'One-Click' },
    ],
    [
      'multipart, quoted boundary, preamble and two parts',
      'Multipart/Form-Data; boundary="b y"',
      'preamble\r\n--b y\r\ncontent-disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b y\r\nContent-Disposition: form-data; name="other"\r\n\r\nv\r\n--b y--',
      { 'List-Unsubscribe': 'One-Click', other: 'v' },
    ],
  ])('%s', (_label, contentType, body, expected) => {
    expect({ ...formFields(contentType, body) }).toEqual(expected);
  });

  test.each([
    ['multipart without a boundary', 'multipart/form-data', '--b\r\n\r\n'],
    ['a part without headers', 'multipart/form-data; boundary=b', '--b\r\nOne-Click--b--'],
    ['a part without a name', 'multipart/form-data; boundary=b', '--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--'],
    ['another type', 'text/plain', 'List-Unsubscribe=One-Click'],
  ])('refuses %s', (_label, contentType, body) => {
    expect(formFields(contentType, body)).toBeNull();
  });

  test('a field named __proto__ is a field like any other', () => {
    const fields = formFields('application/x-www-form-urlencoded', '__proto__=x&List-Unsubscribe=One-Click')!;
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(fields['__proto__']).toBe('x');
  });
});

describe('live streams per member', () => {
  test(`at most ${MAX_STREAMS_PER_MEMBER} at once`, () => {
    expect(MAX_STREAMS_PER_MEMBER).toBe(5);
    expect([0, 1, 4, 5, 6].map(mayOpenStream)).toEqual([true, true, true, false, false]);
  });
});
