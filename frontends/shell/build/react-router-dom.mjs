/**
 * The react-router-dom the shell provides to the page as the shared singleton (rspack.config.mjs,
 * `shared['react-router-dom'].import`). A shared module is never tree-shaken, and react-router 7's
 * single entry carries the data routers, server rendering and RSC APIs that no screen here uses (about
 * 60 KB gzipped, a third of the first-load budget). This module re-exports the declarative-routing
 * API only, so rspack keeps just that part of react-router.
 *
 * The shell and the remotes may import only names listed here: frontends/shell/test/shared-router.test.ts reads every
 * `from 'react-router-dom'` import of frontends/ and fails on a name that is missing.
 */
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from 'react-router';
