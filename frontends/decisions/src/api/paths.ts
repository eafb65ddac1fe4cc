/** What both API modules build their addresses with. */

/** One id as a path segment. */
export const id = (value: string) => encodeURIComponent(value);

/** The filled-in parameters as a query string (`?a=1&b=2`), or nothing when none is set. */
export function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}
