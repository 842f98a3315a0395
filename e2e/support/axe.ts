import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The phone the shopper's journey is checked on. */
export const phoneViewport = { width: 390, height: 844 } as const;

/**
 * Runs axe-core on what the page shows now (or only inside `include`, e.g. an open dialog) and fails on any
 * violation, listing each rule with the elements that break it.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(found, 'axe-core violations').toEqual([]);
}
