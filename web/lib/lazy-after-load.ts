import { type ComponentType, lazy } from 'react';

/**
 * docs/operations.md#performance-budget: a component whose code is not in the first load. A page the server
 * rendered keeps the server's HTML for it until its chunk arrives, then hydrates it; the chunk is asked for
 * when a page first shows the component, or else once the page has loaded and the browser is idle, so a
 * later navigation finds it ready.
 */
export function lazyAfterLoad<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let pending: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    pending ??= load();
    return pending;
  };
  if (typeof window !== 'undefined') {
    // Older Safari has no requestIdleCallback.
    const whenIdle = (task: () => void) =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(task)
        : globalThis.setTimeout(task, 1);
    const preloadWhenIdle = () => whenIdle(() => void preload().catch(() => undefined));
    if (document.readyState === 'complete') preloadWhenIdle();
    else window.addEventListener('load', preloadWhenIdle, { once: true });
  }
  return lazy(() => preload().then((component) => ({ default: component })));
}
