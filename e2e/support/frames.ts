import type { Page } from '@playwright/test';

/** Resolves after the page has rendered two more frames: what one frame's observers saw has been handled. */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
