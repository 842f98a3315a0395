const RESCUE_WINDOW_MS = 3000;

/** The page's main heading, made focusable by script only (tabindex -1). */
export function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * Focus falls to the page body when what held it goes away: the login modal closing over a button the login
 * replaced, the payment window closing before the next page. For a short while after such a moment, the next
 * time focus is found on the body it goes to `target` instead (the new page's heading, or the control that
 * opened the modal), once the target exists. Returns a function that stops watching.
 */
export function rescueFocusTo(target: () => HTMLElement | null): () => void {
  let stopped = false;
  const observer = new MutationObserver(() => attempt());
  const timer = window.setTimeout(() => stop(), RESCUE_WINDOW_MS);

  function stop() {
    stopped = true;
    observer.disconnect();
    window.clearTimeout(timer);
  }

  function attempt() {
    if (stopped) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const element = target();
    if (!element?.isConnected) return;
    element.focus();
    if (document.activeElement === element) stop();
  }

  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['open'],
  });
  attempt();
  return stop;
}
