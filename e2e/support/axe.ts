import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The phone the findings were seen on. */
export const phoneViewport = { width: 390, height: 844 } as const;

/**
 * Runs axe-core on what the page shows now (an open dialog included) and fails on any violation, naming
 * each rule and the elements it found.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const findings = violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(findings).toEqual([]);
}
