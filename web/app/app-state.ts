import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

// docs/architecture.md#pages-as-html: the queries the server rendered with travel in a JSON block (data, never
// executed, so the CSP stays strict), and the browser's QueryClient starts from them before hydrating.

export const APP_STATE_ELEMENT_ID = 'app-state';

/** JSON for an HTML `<script type="application/json">`: no `<` inside, so no `</script>` can end it early. */
export function serializeAppState(state: DehydratedState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** Fills the QueryClient from the server's block; false when the page was not rendered on the server. */
export function hydrateAppState(queryClient: QueryClient): boolean {
  const element = document.getElementById(APP_STATE_ELEMENT_ID);
  if (!element?.textContent) return false;
  hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
  return true;
}
