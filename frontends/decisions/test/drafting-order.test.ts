/** The order of articles in the drafting workspace: the steps a drag asks of the service, and the optimistic order. */
import { moveItem, moveWithinGroup, orderKey, shownOrder, stepsBetween } from '../src/ui/drafting/order.js';

const articles = [
  { id: 'a1', groupId: null },
  { id: 'g1', groupId: 'G' },
  { id: 'a2', groupId: null },
  { id: 'g2', groupId: 'G' },
  { id: 'a3', groupId: null },
  { id: 'g3', groupId: 'G' },
];
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('stepsBetween', () => {
  it('is one step per place, up when moving towards the top, down towards the bottom', () => {
    expect(stepsBetween(3, 0)).toEqual(['up', 'up', 'up']);
    expect(stepsBetween(0, 2)).toEqual(['down', 'down']);
    expect(stepsBetween(2, 2)).toEqual([]);
  });
});

describe('moveItem', () => {
  it('takes an item out and puts it back at its new index', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('keeps the list as it was given', () => {
    const list = ['a', 'b', 'c'];
    moveItem(list, 0, 2);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('moveWithinGroup', () => {
  it('reorders the article among its own group only, other articles keeping their places', () => {
    const moved = moveWithinGroup(articles, 'a3', 0)!;
    expect(ids(moved.order)).toEqual(['a3', 'g1', 'a1', 'g2', 'a2', 'g3']);
    expect(moved.steps).toEqual(['up', 'up']);
  });

  it('moves down inside a group', () => {
    const moved = moveWithinGroup(articles, 'g1', 1)!;
    expect(ids(moved.order)).toEqual(['a1', 'g2', 'a2', 'g1', 'a3', 'g3']);
    expect(moved.steps).toEqual(['down']);
  });

  it('does nothing for the same place, an index outside the group or an unknown article', () => {
    expect(moveWithinGroup(articles, 'g2', 1)).toBeNull();
    expect(moveWithinGroup(articles, 'g2', 3)).toBeNull();
    expect(moveWithinGroup(articles, 'g2', -1)).toBeNull();
    expect(moveWithinGroup(articles, 'nope', 0)).toBeNull();
  });
});

describe('orderKey', () => {
  it('changes with the order, not with anything else', () => {
    expect(orderKey(articles)).toBe('a1,g1,a2,g2,a3,g3');
    expect(orderKey(moveWithinGroup(articles, 'a1', 2)!.order)).not.toBe(orderKey(articles));
  });
});

describe('shownOrder', () => {
  const served = [
    { id: 'a', body: 'one' },
    { id: 'b', body: 'two' },
    { id: 'c', body: 'three' },
  ];

  it('shows the order asked for while the service still has the order it was asked from', () => {
    expect(ids(shownOrder(served, { from: 'a,b,c', ids: ['c', 'a', 'b'] }))).toEqual(['c', 'a', 'b']);
  });

  it('shows the latest text of each article in the order asked for', () => {
    const edited = [served[0]!, { id: 'b', body: 'two, edited' }, served[2]!];
    expect(shownOrder(edited, { from: 'a,b,c', ids: ['b', 'a', 'c'] })[0]).toEqual({ id: 'b', body: 'two, edited' });
  });

  it('goes back to the service once its order has changed, or with nothing asked', () => {
    expect(ids(shownOrder(served, { from: 'b,a,c', ids: ['c', 'a', 'b'] }))).toEqual(['a', 'b', 'c']);
    expect(ids(shownOrder(served, null))).toEqual(['a', 'b', 'c']);
  });
});
