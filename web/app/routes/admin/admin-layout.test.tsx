import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../../../test/render-console';
import { PHONE_CONSOLE_QUERY } from './admin-layout';

// docs/architecture.md#console-on-a-phone: on a phone the console's header is one line (the brand and a Menu
// button) on every page, and its navigation a menu that opens below it; on a wide screen the navigation is in
// the header. e2e/admin-phone.spec.ts measures the header's height at 390 px in Chromium.

function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_CONSOLE_QUERY && width < 768,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

const loading = { timeout: 10_000 };
/** The header's rows as a person sees them: its visible children. */
const headerParts = () =>
  [...(screen.getByRole('banner').children as HTMLCollectionOf<HTMLElement>)].filter((part) => !part.hidden);

describe('the console navigation', () => {
  it('at 390 px is one line: the brand and a Menu button that opens the pages, each on its own', async () => {
    screenWidth(390);
    renderConsole('/admin/no-such-page');
    await screen.findByText('This console page does not exist.', undefined, loading);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(headerParts().map((part) => part.textContent)).toEqual(['Ottoman Mittens console', 'Menu']);
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();

    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    const links = within(screen.getByRole('navigation', { name: 'Console' })).getAllByRole('link');
    // One link an item: "Cash on delivery" and "Returns" no longer run together.
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Orders',
      'Products',
      'Discount codes',
      'Cash on delivery',
      'Returns',
      'Reviews',
      'Failed deliveries',
      'Customers',
      'Inbox',
      'Staff',
      'Audit log',
      'Settings',
      'Alerts',
    ]);
    expect(
      links.every((link) => link.parentElement?.tagName === 'LI' && link.parentElement.children.length === 1),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();

    // Choosing a page closes the menu: the header is one line again.
    await userEvent.click(screen.getByRole('link', { name: 'Alerts' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(headerParts()).toHaveLength(2);
  });

  it('on a wide screen is in the header, with no Menu button', async () => {
    screenWidth(1280);
    renderConsole('/admin/no-such-page');
    await screen.findByText('This console page does not exist.', undefined, loading);
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).getAllByRole('link')).toHaveLength(14);
  });
});
