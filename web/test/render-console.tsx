import { render } from '@testing-library/react';
import type { StaffRole } from '../../contracts/staff';
import { AdminApp } from '../app/routes/admin/admin-app';
import { MemoryRouter } from '../lib/router';
import { type ApiRoutes, fakeApi } from './fake-api';
import { createQueryWrapper } from './query-wrapper';

export interface RenderConsoleOptions {
  /** Who is signed in: the session route answers with them. */
  role?: StaffRole;
  /** Routes beyond the session's, which they may replace. */
  api?: ApiRoutes;
}

/**
 * docs/operations.md#tests: the console at a path, as a component test of a page's states wants it: its own
 * routes, layout and toasts, a member of staff signed in, a memory router, the fake API and no retries.
 */
export function renderConsole(path: string, { role = 'owner', api: routes = {} }: RenderConsoleOptions = {}) {
  const api = fakeApi({
    'GET /api/admin/session': {
      staff: { id: 'staff-1', email: `${role}@ottoman.example`, name: `Test ${role}`, role },
    },
    ...routes,
  });
  const { queryClient, wrapper: QueryWrapper } = createQueryWrapper();
  const result = render(
    <QueryWrapper>
      <MemoryRouter initialEntries={[path]}>
        <AdminApp />
      </MemoryRouter>
    </QueryWrapper>,
  );
  return { ...result, api, queryClient };
}
