import type { QueryClient, QueryKey } from '@tanstack/react-query';

// docs/architecture.md#pages-as-html: the queries the server rendered with travel in a JSON block (data, never
// executed, so the CSP stays strict), and the browser's QueryClient starts from them before hydrating. Only
// each query's key, data and time: the server's queries are plain reads that have succeeded, so TanStack's
// dehydrate/hydrate (errors, promises, mutations) would bring nothing but bytes to the first load.

export const APP_STATE_ELEMENT_ID = 'app-state';

interface AppState {
  queries: { queryKey: QueryKey; data: unknown; updatedAt: number }[];
}

/** JSON for an HTML `<script type="application/json">`: no `<` inside, so no `</script>` can end it early. */
export function serializeAppState(queryClient: QueryClient): string {
  const state: AppState = {
    queries: queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map(({ queryKey, state }) => ({ queryKey, data: state.data, updatedAt: state.dataUpdatedAt })),
  };
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** Fills the QueryClient from the server's block; false when the page was not rendered on the server. */
export function hydrateAppState(queryClient: QueryClient): boolean {
  const element = document.getElementById(APP_STATE_ELEMENT_ID);
  if (!element?.textContent) return false;
  const { queries } = JSON.parse(element.textContent) as AppState;
  for (const { queryKey, data, updatedAt } of queries)
    queryClient.setQueryData(queryKey, data, { updatedAt });
  return true;
}
