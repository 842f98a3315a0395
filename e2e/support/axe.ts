import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The phone the shopper's journey is checked on. */
export const phoneViewport = { width: 390, height: 844 } as const;

/**
 * Runs axe-core on what the page shows now (or only inside `include`, e.g. an open dialog) and fails on any
 * violation, listing each rule with the elements that break it.
 *
 * Every rule runs, but in one pass in the page (legacy mode) and collecting violations only: the default
 * opens a blank page to combine each frame's results and records every rule that passed, which made a check
 * take three times as long (docs/operations.md#tests). The shop's pages have no cross-origin frames, the one
 * thing legacy mode cannot look into.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(found, 'axe-core violations').toEqual([]);
}
