/**
 * A page's first reads: a screen module may export `firstReads`, which DecisionsRoutes calls when
 * the page opens at that screen's address, as soon as the screen's chunk has loaded and before the
 * screen renders. On a phone the answers then travel beside the rest of the code instead of after
 * the first render. Each read asks the path the screen's own read asks (api/read-paths.ts); the
 * screen then takes the answer (`readEarly`, docs/architecture.md#front-ends).
 */

/** What a page's address tells its first reads: the route's parameters, the query, the page's language. */
export interface PageAddress {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  lang: string;
}

/** For the early reads' own failures: the screen's read asks again and shows its own. */
export const ignoreFailure = () => undefined;
