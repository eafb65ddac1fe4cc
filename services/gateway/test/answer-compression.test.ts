import { answerEncoding, COMPRESS_MIN_BYTES, isJsonAnswer } from '../src/domain/answer-compression.js';

const json = 'application/json; charset=utf-8';

describe('answerEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
  ])('Accept-Encoding %p gives %p', (acceptEncoding, expected) => {
    expect(answerEncoding({ acceptEncoding, contentType: json, contentEncoding: undefined, length: 5000 })).toBe(expected);
  });

  test('only JSON, only from the threshold, never over an encoding the upstream chose', () => {
    const facts = { acceptEncoding: 'br', contentType: json, contentEncoding: undefined, length: COMPRESS_MIN_BYTES };
    expect(answerEncoding(facts)).toBe('br');
    expect(answerEncoding({ ...facts, length: COMPRESS_MIN_BYTES - 1 })).toBeNull();
    expect(answerEncoding({ ...facts, contentType: 'text/event-stream' })).toBeNull();
    expect(answerEncoding({ ...facts, contentType: undefined })).toBeNull();
    expect(answerEncoding({ ...facts, contentEncoding: 'gzip' })).toBeNull();
    expect(answerEncoding({ ...facts, contentEncoding: 'identity' })).toBe('br');
    expect(answerEncoding({ ...facts, acceptEncoding: undefined })).toBeNull();
  });
});

describe('isJsonAnswer', () => {
  test.each([
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['application/problem+json', true],
    ['text/json', false],
    ['application/pdf', false],
    ['text/plain', false],
  ])('%s: %p', (type, expected) => expect(isJsonAnswer(type)).toBe(expected));
});
