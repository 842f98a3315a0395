import { useCallback, useEffect, useRef, useState } from 'react';

// Matches the breakpoint in header.css where the menu becomes an inline navigation bar.
const desktopQuery = '(min-width: 60em)';

/** docs/product.md#screens: the hamburger menu locks page scroll while open and closes on an outside click (and Escape). */
export function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((current) => !current), []);

  useEffect(() => {
    if (!open) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    // A click, not a pointerdown: the click then lands on the backdrop, not on whatever lies beneath it.
    const closeOnOutsideClick = (event: MouseEvent) => {
      // The path, not the target: the toggle swaps its icon on open, detaching the clicked <svg>.
      const path = event.composedPath();
      const inside = [menuRef.current, toggleRef.current].some(
        (element) => element && path.includes(element),
      );
      if (!inside) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const desktop = window.matchMedia(desktopQuery);
    const closeOnDesktop = () => {
      if (desktop.matches) setOpen(false);
    };

    document.addEventListener('click', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    desktop.addEventListener('change', closeOnDesktop);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('click', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
      desktop.removeEventListener('change', closeOnDesktop);
    };
  }, [open]);

  return { open, close, toggle, menuRef, toggleRef };
}
