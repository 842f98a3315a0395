import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from '../lib/router';

// Starts loading a viewport ahead of the scroll, so the section is usually there before it is seen.
const LOAD_AHEAD_MARGIN = '100% 0px';

interface DeferredSectionProps {
  /** The section's id: a URL hash naming it renders it at once (use-scroll-on-navigate then scrolls to it). */
  sectionId: string;
  /** Reserves about the section's height until it renders, so nothing below it jumps. */
  placeholderClassName: string;
  /** The section, typically a lazy component. */
  children: ReactNode;
}

/**
 * A below-the-fold section whose code loads only when the visitor scrolls near it or the URL hash names it
 * (bundle budget). Once shown it stays.
 */
export function DeferredSection({ sectionId, placeholderClassName, children }: DeferredSectionProps) {
  const { hash } = useLocation();
  const [shown, setShown] = useState(false);
  const placeholderRef = useRef<HTMLDivElement>(null);
  if (!shown && hash === `#${sectionId}`) setShown(true);

  useEffect(() => {
    const placeholder = placeholderRef.current;
    if (shown || !placeholder) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) setShown(true);
      },
      { rootMargin: LOAD_AHEAD_MARGIN },
    );
    observer.observe(placeholder);
    return () => observer.disconnect();
  }, [shown]);

  const placeholder = <div ref={placeholderRef} className={placeholderClassName} aria-hidden="true" />;
  if (!shown) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
