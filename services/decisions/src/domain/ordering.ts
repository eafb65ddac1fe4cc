/** Moving a group or an article one place up or down among its siblings. Pure. */

/**
 * The new order of `rows` (ids in their current order) once `id` swaps with its neighbour in
 * `direction`: 'at-end' when it is already first (up) or last (down), nothing to do; 'missing' when
 * `id` is not among them (it changed meanwhile). Renumbering from the answer keeps positions distinct.
 */
export function swapOrder(rows: readonly { id: string }[], id: string, direction: 'up' | 'down'): string[] | 'at-end' | 'missing' {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return 'missing';
  const target = direction === 'up' ? index - 1 : index + 1;
  if (target < 0 || target >= rows.length) return 'at-end';
  const order = rows.map((row) => row.id);
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}
