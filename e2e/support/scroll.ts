import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Waits until the page stops scrolling: the shop scrolls to a section smoothly (web/lib/scroll.ts), and a click
 * while the page still moves can land beside its target. "In the viewport" is true halfway through the scroll.
 */
export async function scrollSettled(page: Page): Promise<void> {
  const still = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((settled) => {
          const before = window.scrollY;
          requestAnimationFrame(() => requestAnimationFrame(() => settled(window.scrollY === before)));
        }),
    );
  await expect.poll(still).toBe(true);
}
