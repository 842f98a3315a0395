import {
  Children,
  type ComponentProps,
  type ComponentType,
  createContext,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import {
  type BaseLocationHook,
  matchRoute,
  useSearch,
  useLocation as useWouterLocation,
  Link as WouterLink,
  Route as WouterRoute,
  Router as WouterRouter,
} from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  navigate as browserNavigate,
  useHistoryState,
  useLocationProperty,
  usePathname,
} from 'wouter/use-browser-location';

export { useParams, useSearchParams } from 'wouter';

// docs/architecture.md#routing: the one module that knows the router. wouter (a few kB) under the names and
// shapes of react-router's API that the app uses, so the rest of web/ reads as before (bundle budget).

export interface Location {
  pathname: string;
  /** With its `?`, or empty. */
  search: string;
  /** With its `#`, or empty; empty while hydrating, as the server never sees it. */
  hash: string;
  /** What the navigation that made this entry passed as `state`. */
  state: unknown;
  /** New at every navigation, also to the same URL. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type LocationExtras = Pick<Location, 'hash' | 'state' | 'key'>;

/** What a browser history entry holds: react-router's shape, so entries made before an update still read. */
interface HistoryEntry {
  key?: string;
  usr?: unknown;
}

const currentHash = () => window.location.hash;
const currentKey = () => (window.history.state as HistoryEntry | null)?.key ?? 'default';
const noHash = () => '';
const noKey = () => 'default';

function useBrowserExtras(): LocationExtras {
  const hash = useLocationProperty(currentHash, noHash);
  const key = useLocationProperty(currentKey, noKey);
  const entry = useHistoryState<HistoryEntry | null>();
  return { hash, state: entry?.usr ?? null, key };
}

const fixedExtras: LocationExtras = { hash: '', state: null, key: 'default' };
const useFixedExtras = () => fixedExtras;

/** A hook, fixed for a router's lifetime: the browser's reads the history; the others have none. */
const ExtrasContext = createContext<() => LocationExtras>(useBrowserExtras);

function navigateWithKey(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
  browserNavigate(to, { replace, state: { key: Math.random().toString(36).slice(2, 10), usr: state } });
}

const useKeyedBrowserLocation: BaseLocationHook = (options?: { ssrPath?: string }) => [
  usePathname(options),
  navigateWithKey,
];

export function BrowserRouter({ children }: { children: ReactNode }) {
  return <WouterRouter hook={useKeyedBrowserLocation}>{children}</WouterRouter>;
}

/** The server's router: one URL (path and query), no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <WouterRouter hook={useKeyedBrowserLocation} ssrPath={location}>
      <ExtrasContext value={useFixedExtras}>{children}</ExtrasContext>
    </WouterRouter>
  );
}

/** For component tests: starts at the first entry and navigates in memory. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [memory] = useState(() => memoryLocation({ path: initialEntries[0] ?? '/' }));
  return (
    <WouterRouter hook={memory.hook} searchHook={memory.searchHook}>
      <ExtrasContext value={useFixedExtras}>{children}</ExtrasContext>
    </WouterRouter>
  );
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  const { hash, state, key } = useContext(ExtrasContext)();
  return useMemo(
    () => ({ pathname, search: search ? `?${search}` : '', hash, state, key }),
    [pathname, search, hash, state, key],
  );
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const [, navigate] = useWouterLocation();
  return useCallback((to: string, options?: NavigateOptions) => navigate(to, options), [navigate]);
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & NavigateOptions & { to: string };

export function Link({ to, ...props }: LinkProps) {
  return <WouterLink href={to} {...props} />;
}

/** A link that says so (aria-current, class `active`) when its page, or with `end` unset one under it, is shown. */
export function NavLink({ to, end = false, className, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const base = to.replace(/\/$/, '');
  // As react-router's: a link to / is the current page only at /.
  const active = pathname === to || (!end && base !== '' && pathname.startsWith(`${base}/`));
  return (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined}
      {...props}
    />
  );
}

/** Goes to `to` once rendered (after the first paint; the server renders nothing for it). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as react-router's Navigate.
  useEffect(() => navigate(to, { replace, state }), []);
  return null;
}

export interface RouteObject {
  /** Absolute (`/product/:id`, `*` for any), or relative to the parent's; none for a layout. */
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
  /** Anything the app keeps with the route (here: a lazy route's preload). */
  handle?: unknown;
}

interface FlatRoute {
  pattern: string;
  /** From the outermost layout to the page. */
  chain: RouteObject[];
}

function joinPaths(parent: string, path: string | undefined): string {
  if (path === undefined) return parent;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

function flatten(routes: RouteObject[], parentPath = '/', parents: RouteObject[] = []): FlatRoute[] {
  return routes.flatMap((route) => {
    const chain = [...parents, route];
    const path = route.index ? parentPath : joinPaths(parentPath, route.path);
    if (route.children) return flatten(route.children, path, chain);
    return [{ pattern: path, chain }];
  });
}

export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string | undefined>;
}

/**
 * A route pattern as a regular expression, as react-router reads it: `:name` is one segment, a final `*` the
 * rest, a trailing slash optional, letter case ignored. (wouter's own parser is not among its exports.)
 */
function parsePattern(pattern: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = pattern
    .replace(/\/?\*$/, '\u0000')
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/')
    .replace('\u0000', '(?:/(.*))?');
  if (pattern.endsWith('*')) keys.push('*');
  return { pattern: new RegExp(`^${source}/?$`, 'i'), keys };
}

function matchPath(pattern: string, pathname: string) {
  const [matches, params] = matchRoute(parsePattern, pattern, pathname);
  if (!matches) return [false, null] as const;
  const decoded = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      value === undefined ? value : decodeURIComponent(value),
    ]),
  );
  return [true, decoded] as const;
}

/** The first route (in table order) that answers `pathname`, with its layouts, outermost first; null if none. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  for (const { pattern, chain } of flatten(routes)) {
    const [matches, params] = matchPath(pattern, pathname);
    if (matches) return chain.map((route) => ({ route, params: params ?? {} }));
  }
  return null;
}

// wouter's Route with a match made here (its `match` prop, used by its Switch but not typed): it gives
// useParams the match's params.
const ParamsScope = WouterRoute as unknown as ComponentType<{
  match: readonly [true, Record<string, string | undefined>];
  children: ReactNode;
}>;

const OutletContext = createContext<ReactNode>(null);
const OutletDataContext = createContext<unknown>(undefined);

/** In a layout route's element: where the matched child route renders. */
export function Outlet({ context }: { context?: unknown }) {
  const outlet = useContext(OutletContext);
  return (
    <OutletDataContext value={context}>
      <OutletContext value={null}>{outlet}</OutletContext>
    </OutletDataContext>
  );
}

/** What the nearest layout passed to its Outlet's `context`. */
export function useOutletContext<T>(): T {
  return useContext(OutletDataContext) as T;
}

/** The element of a route without one: its child, with the context of the layout above. */
function GroupOutlet() {
  return <Outlet context={useOutletContext()} />;
}

/** Renders the first route of the table that answers the current path, inside its layouts. */
export function useRoutes(routes: RouteObject[]): ReactElement | null {
  const { pathname } = useLocation();
  const flat = useMemo(() => flatten(routes), [routes]);
  for (const { pattern, chain } of flat) {
    const match = matchPath(pattern, pathname);
    if (!match[0]) continue;
    let element: ReactNode = null;
    for (const route of [...chain].reverse()) {
      // A route without an element renders its child, as with react-router.
      element = <OutletContext value={element}>{route.element ?? <GroupOutlet />}</OutletContext>;
    }
    return <ParamsScope match={match}>{element}</ParamsScope>;
  }
  return null;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route of <Routes>: its props are read, it never renders itself. */
export function Route(_props: RouteProps): null {
  return null;
}

function routesOf(children: ReactNode): RouteObject[] {
  return Children.toArray(children)
    .filter((child): child is ReactElement<RouteProps> => isValidElement(child))
    .map(({ props }) => ({
      path: props.path,
      index: props.index,
      element: props.element,
      children: props.children ? routesOf(props.children) : undefined,
    }));
}

export function Routes({ children }: { children: ReactNode }) {
  return useRoutes(routesOf(children));
}
