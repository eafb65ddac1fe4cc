/**
 * Every route of docs/product.md#screens-and-routes (and /archive), with the path to visit and, per
 * role, where the route guard may send a visitor or a member instead. The routes test and the design
 * test visit the same list.
 */

/** An id that names nothing: the remote shows its own "not found" for it. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The ids the paths need; those not known yet stay UNKNOWN_ID. */
export interface RouteIds {
  cycleId: string;
  lawId: string;
  electionId: string;
  /** The member whose own pages are visited (a visitor visits another citizen's). */
  user: { id: string; userName: string };
}

export interface AppRoute {
  route: string;
  path: (ids: RouteIds) => string;
  /** Where the guard may send a visitor instead. */
  visitorTo?: string[];
  /** Where the guard may send a member instead. */
  memberTo?: string[];
}

const userPath = (page: string) => (ids: RouteIds) => `/users/${encodeURIComponent(ids.user.id)}/${encodeURIComponent(ids.user.userName)}/${page}`;

export const APP_ROUTES: readonly AppRoute[] = [
  { route: '/', path: () => '/' },
  { route: '/about', path: () => '/about' },
  { route: '/change-email', path: () => '/change-email', visitorTo: ['/identify', '/login'] },
  { route: '/decisions', path: () => '/decisions' },
  { route: '/decisions/{id}', path: (ids) => `/decisions/${ids.cycleId}` },
  { route: '/decisions/creations', path: () => '/decisions/creations' },
  { route: '/decisions/creators/{id}', path: (ids) => `/decisions/creators/${ids.lawId}` },
  { route: '/decisions/final-vote', path: () => '/decisions/final-vote' },
  { route: '/decisions/proposals', path: () => '/decisions/proposals' },
  { route: '/decisions/voting-on-proposals', path: () => '/decisions/voting-on-proposals' },
  { route: '/decisions/history/{kind}/{id}', path: (ids) => `/decisions/history/law/${ids.lawId}` },
  { route: '/elections', path: () => '/elections' },
  { route: '/elections/{id}', path: (ids) => `/elections/${ids.electionId}` },
  { route: '/elections/elected', path: () => '/elections/elected' },
  { route: '/help', path: () => '/help' },
  { route: '/identify', path: () => '/identify', memberTo: ['/'] },
  { route: '/kanban/{type}', path: () => '/kanban/proposals' },
  { route: '/kanban/laws', path: () => '/kanban/laws' },
  { route: '/legal', path: () => '/legal' },
  { route: '/login', path: () => '/login', memberTo: ['/'] },
  { route: '/notifications', path: () => '/notifications', visitorTo: ['/identify', '/login'] },
  { route: '/password', path: () => '/password' },
  { route: '/protected', path: () => '/protected', visitorTo: ['/identify'] },
  { route: '/register', path: () => '/register', memberTo: ['/'] },
  { route: '/users/{id}/{userName}/activity', path: userPath('activity') },
  { route: '/users/{id}/{userName}/settings', path: userPath('settings'), visitorTo: ['/error'] },
  { route: '/users/{id}/{userName}/delete-account', path: userPath('delete-account'), visitorTo: ['/error'] },
  { route: '/verify-account', path: () => '/verify-account' },
  { route: '/unsubscribe?token=', path: () => '/unsubscribe' },
  { route: '/archive', path: () => '/archive' },
];
