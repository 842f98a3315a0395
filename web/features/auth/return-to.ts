/**
 * A `returnTo` taken from the address bar is attacker-controlled: only a path on this site is followed
 * (one leading '/', not '//' or '/\', which browsers read as another host). The path is re-read through
 * URL so characters the parser drops (tabs, newlines) cannot turn it into '//elsewhere' afterwards.
 */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return undefined;
  }
  if (url.origin !== window.location.origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? undefined : path;
}
