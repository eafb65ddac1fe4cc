/**
 * The order of a law's articles in the drafting workspace (pure, unit-tested). The service moves an
 * article one place up or down inside its group; a drag over several places is that many steps.
 */

/** One step the service takes: the article swaps with its neighbour above or below. */
export type Step = 'up' | 'down';

interface Placed {
  id: string;
  groupId: string | null;
}

/** The steps that take an item from index `from` to index `to` of its list (none when they are equal). */
export function stepsBetween(from: number, to: number): Step[] {
  const direction: Step = to < from ? 'up' : 'down';
  return Array.from({ length: Math.abs(to - from) }, () => direction);
}

/** `items` with the one at `from` taken out and put back at `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [moved] = result.splice(from, 1);
  if (moved === undefined) return result;
  result.splice(Math.max(0, Math.min(to, result.length)), 0, moved);
  return result;
}

/**
 * Moving article `id` to index `to` among the articles of its own group: the whole law's new order
 * (other groups keep their places) and the steps to ask of the service. Null when nothing moves
 * (unknown article, index outside the group, or the same place).
 */
export function moveWithinGroup<T extends Placed>(articles: readonly T[], id: string, to: number): { order: T[]; steps: Step[] } | null {
  const article = articles.find((item) => item.id === id);
  if (!article) return null;
  const group = articles.filter((item) => item.groupId === article.groupId);
  const from = group.indexOf(article);
  if (to < 0 || to >= group.length || to === from) return null;
  const reordered = moveItem(group, from, to);
  // The group's slots in the whole list stay where they are; only who sits in them changes.
  let next = 0;
  const order = articles.map((item) => (item.groupId === article.groupId ? reordered[next++]! : item));
  return { order, steps: stepsBetween(from, to) };
}

/** A list's identity by the order of its ids, to tell when the service's order has changed. */
export const orderKey = (items: readonly { id: string }[]) => items.map((item) => item.id).join(',');

/** An order the reader asked for (ids), and the service's order it was asked from. */
export interface AskedOrder {
  from: string;
  ids: string[];
}

/**
 * What to show: the order asked for while the service's order is still the one it was asked from
 * (the articles themselves always the service's latest, so an edit shows at once), else the service's.
 */
export function shownOrder<T extends { id: string }>(served: readonly T[], asked: AskedOrder | null): T[] {
  if (!asked || asked.from !== orderKey(served)) return [...served];
  const byId = new Map(served.map((item) => [item.id, item]));
  return asked.ids.flatMap((id) => byId.get(id) ?? []);
}
