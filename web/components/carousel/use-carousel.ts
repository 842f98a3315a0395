import {
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion';

// docs/product.md#numbers-and-timings and docs/product.md#screens: slides move in 500 ms (cards and the product page alike).
export const SLIDE_TRANSITION_MS = 500;
const SWIPE_THRESHOLD_PX = 40;

interface UseCarouselOptions {
  count: number;
  /** Time each slide stays before the next one; no auto-play when absent. */
  autoPlayMs?: number;
}

/**
 * An infinite carousel on a translated track: the track holds a copy of the last slide before the first and
 * a copy of the first after the last. Moving onto a copy animates as usual, then the track jumps, without
 * a transition, to the real slide it copies, so the loop never rewinds through every slide.
 */
export function useCarousel({ count, autoPlayMs }: UseCarouselOptions) {
  const loops = count > 1;
  const reducedMotion = usePrefersReducedMotion();
  const transitionMs = reducedMotion ? 0 : SLIDE_TRANSITION_MS;
  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(loops ? 1 : 0);
  const [jumping, setJumping] = useState(false);
  const [restartKey, setRestartKey] = useState(0);
  const [held, setHeld] = useState(false);
  const onScreen = useIsOnScreen(rootRef, Boolean(autoPlayMs));

  // docs/architecture.md#pages-as-html: the track moves through the DOM rather than a style attribute, which
  // the CSP refuses in server-rendered HTML; until then carousel.css puts it on the first real slide.
  // Declared before the jump below, which reads the layout this sets.
  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    track.style.transform = `translateX(${-position * 100}%)`;
    track.style.transitionDuration = `${jumping ? 0 : transitionMs}ms`;
  }, [position, jumping, transitionMs]);

  const move = useCallback(
    (step: 1 | -1) => setPosition((current) => Math.min(Math.max(current + step, 0), count + 1)),
    [count],
  );

  // Landed on a copy: once its transition is over, jump to the real slide.
  useEffect(() => {
    if (!loops || (position !== 0 && position !== count + 1)) return;
    const realPosition = position === 0 ? count : 1;
    const timer = window.setTimeout(() => {
      setJumping(true);
      setPosition(realPosition);
    }, transitionMs + 20);
    return () => window.clearTimeout(timer);
  }, [loops, position, count, transitionMs]);

  // Reading layout here applies the jump before the transition is switched back on, so it doesn't animate.
  useLayoutEffect(() => {
    if (!jumping) return;
    trackRef.current?.getBoundingClientRect();
    setJumping(false);
  }, [jumping]);

  // docs/product.md#numbers-and-timings: card carousels auto-play; not for people who ask for reduced motion, nor while off screen,
  // hovered or focused (so a slide can be read), which also spares a phone's battery.
  const autoPlays = Boolean(autoPlayMs) && loops && !reducedMotion && onScreen && !held;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a move by hand (restartKey) restarts the slide's full time.
  useEffect(() => {
    if (!autoPlays || !autoPlayMs) return;
    const timer = window.setInterval(() => move(1), autoPlayMs);
    return () => window.clearInterval(timer);
  }, [autoPlays, autoPlayMs, move, restartKey]);

  const userMove = (step: 1 | -1) => {
    move(step);
    setRestartKey((key) => key + 1);
  };

  const goTo = (index: number) => {
    setPosition(loops ? index + 1 : index);
    setRestartKey((key) => key + 1);
  };

  const swipeStart = useRef<number | null>(null);
  const swipeHandlers = {
    onPointerDown: (event: PointerEvent) => {
      swipeStart.current = event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      if (swipeStart.current === null) return;
      const distance = event.clientX - swipeStart.current;
      swipeStart.current = null;
      if (Math.abs(distance) >= SWIPE_THRESHOLD_PX) userMove(distance < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      swipeStart.current = null;
    },
  };

  const holdHandlers = {
    onPointerEnter: () => setHeld(true),
    onPointerLeave: () => setHeld(false),
    onFocus: () => setHeld(true),
    onBlur: () => setHeld(false),
  };

  const activeIndex = loops ? (((position - 1) % count) + count) % count : 0;

  return {
    rootRef,
    trackRef,
    loops,
    position,
    activeIndex,
    transitionMs: jumping ? 0 : transitionMs,
    autoPlays,
    next: () => userMove(1),
    previous: () => userMove(-1),
    goTo,
    swipeHandlers,
    holdHandlers,
  };
}

function useIsOnScreen(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [inView, setInView] = useState(false);
  const [pageVisible, setPageVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState === 'visible',
  );

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.observe(element);
    const onVisibilityChange = () => setPageVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [ref, enabled]);

  return inView && pageVisible;
}
