import type { ReactNode } from 'react';

/**
 * A wide table's box, which scrolls sideways when the table is wider than it
 * (docs/architecture.md#console-on-a-phone): focusable and named, so a keyboard can scroll it (axe's
 * scrollable-region-focusable) even when the table holds no control.
 */
export function ScrollingRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className={className} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
