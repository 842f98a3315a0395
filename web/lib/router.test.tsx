import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  Link,
  MemoryRouter,
  matchRoutes,
  NavLink,
  Outlet,
  type RouteObject,
  useNavigate,
  useOutletContext,
  useParams,
  useRoutes,
} from './router';

function Layout() {
  return (
    <>
      <nav>
        <NavLink to="/">Home</NavLink>
        <NavLink to="/things">Things</NavLink>
      </nav>
      <Outlet context="from the layout" />
    </>
  );
}

function Thing() {
  const { id } = useParams<{ id: string }>();
  return (
    <p>
      Thing {id}, {useOutletContext<string>()}
    </p>
  );
}

function Home() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Home</h1>
      <Link to="/things">All things</Link>
      <button type="button" onClick={() => navigate('/things/a%20b')}>
        Open a b
      </button>
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Home />, handle: 'home' },
      { path: '/things', element: <h1>Things</h1> },
      // A route without an element only groups: its children render in its place.
      { path: '/things', children: [{ path: ':id', element: <Thing />, handle: 'thing' }] },
      { path: '*', element: <h1>Not found</h1> },
    ],
  },
];

function App() {
  return useRoutes(routes);
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

describe('router', () => {
  it('renders the matched route inside its layout, which passes its context to it', () => {
    renderAt('/things/7');
    expect(screen.getByText('Thing 7, from the layout')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Things' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('navigates by link and by useNavigate, decoding the params', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('link', { name: 'All things' }));
    expect(screen.getByRole('heading', { name: 'Things' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await act(() => user.click(screen.getByRole('button', { name: 'Open a b' })));
    expect(screen.getByText('Thing a b, from the layout')).toBeTruthy();
  });

  it('falls through to the catch-all route', () => {
    renderAt('/nowhere/at/all');
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
  });

  it('matches a path to its route and layouts, ignoring case and a trailing slash', () => {
    const matches = matchRoutes(routes, '/Things/9/');
    expect(matches?.map(({ route }) => route.handle)).toEqual([undefined, undefined, 'thing']);
    expect(matches?.at(-1)?.params.id).toBe('9');
    expect(matchRoutes(routes, '/')?.at(-1)?.route.handle).toBe('home');
  });
});
