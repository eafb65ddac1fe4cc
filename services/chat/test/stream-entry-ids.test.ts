import { compareEntryIds } from '../src/store/redis.js';

describe('compareEntryIds', () => {
  it('orders stream entry ids by time, then by sequence, as numbers', () => {
    expect(compareEntryIds('1700000000000-0', '1700000000000-0')).toBe(0);
    expect(compareEntryIds('1700000000000-2', '1700000000000-10')).toBe(-1);
    expect(compareEntryIds('1700000000001-0', '1700000000000-99')).toBe(1);
    expect(compareEntryIds('999-5', '1000-0')).toBe(-1);
  });
});
