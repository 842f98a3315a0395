import { useEffect, useRef } from 'react';
import { pageHeading, rescueFocusTo } from '../../lib/focus-rescue';
import { useLocation } from '../../lib/router';

/**
 * After moving to another page, focus that has fallen to the body (a closed login modal, the payment window)
 * goes to the new page's heading, so a keyboard or screen-reader user starts where the page starts.
 */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const arrived = previousPathname.current !== null && previousPathname.current !== pathname;
    previousPathname.current = pathname;
    if (!arrived) return;
    return rescueFocusTo(pageHeading);
  }, [pathname]);
}
