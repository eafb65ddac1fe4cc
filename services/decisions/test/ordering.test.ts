// Moving a group or an article one place among its siblings.
import { swapOrder } from '../src/domain/ordering.js';

const rows = ['a', 'b', 'c'].map((id) => ({ id }));

describe('swapping with a neighbour', () => {
  it('swaps with the one above or below and answers the whole new order', () => {
    expect(swapOrder(rows, 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(swapOrder(rows, 'b', 'down')).toEqual(['a', 'c', 'b']);
  });

  it('does nothing at either end', () => {
    expect(swapOrder(rows, 'a', 'up')).toBe('at-end');
    expect(swapOrder(rows, 'c', 'down')).toBe('at-end');
  });

  it('says when the row is no longer among its siblings', () => {
    expect(swapOrder(rows, 'z', 'up')).toBe('missing');
  });
});
