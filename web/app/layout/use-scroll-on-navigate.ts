import { useEffect, useRef } from 'react';
import { useLocation } from '../../lib/router';
import { scrollToSection } from '../../lib/scroll';

// docs/product.md#numbers-and-timings: after navigating home from another page, the scroll to a section waits 300 ms.
const SCROLL_AFTER_NAVIGATION_MS = 300;
const SECTION_WAIT_MS = 3000;

/**
 * docs/product.md#screens: a hash in the URL scrolls smoothly to the section with that id, also on arrival from another
 * page. A new page without a hash starts at the top.
 */
export function useScrollOnNavigate(): void {
  const location = useLocation();
  const previousPathname = useRef<string | null>(null);
  const { key, pathname, hash } = location;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` makes a second click on the same link scroll again.
  useEffect(() => {
    const arrivedFromElsewhere = previousPathname.current !== null && previousPathname.current !== pathname;
    previousPathname.current = pathname;
    const sectionId = decodeURIComponent(hash.slice(1));

    if (sectionId === '') {
      if (arrivedFromElsewhere) window.scrollTo(0, 0);
      return;
    }

    // The section may belong to a route still loading: try until it exists, for a while.
    let timer = 0;
    const startedAt = Date.now();
    const tryScroll = () => {
      if (scrollToSection(sectionId) || Date.now() - startedAt > SECTION_WAIT_MS) return;
      timer = window.setTimeout(tryScroll, 50);
    };
    timer = window.setTimeout(tryScroll, arrivedFromElsewhere ? SCROLL_AFTER_NAVIGATION_MS : 0);
    return () => window.clearTimeout(timer);
  }, [key, pathname, hash]);
}
