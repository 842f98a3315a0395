import { expect, type Page } from '@playwright/test';

/**
 * docs/architecture.md#console-on-a-phone: fails unless the page fits the viewport's width, with nothing to
 * scroll sideways but the boxes made to scroll (a wide table's region). An open dialog sits in the top layer,
 * outside the document's width, so it is measured on its own. The failure names the page and the widest
 * innermost elements that stick out, so the fix is where the message points.
 */
export async function expectFitsWidth(page: Page, pageName: string): Promise<void> {
  const measured = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const describe = (element: Element) => {
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return `<${element.tagName.toLowerCase()}${classes}> ${Math.round(element.getBoundingClientRect().right)} px ("${label}")`;
    };
    // An element inside a box that scrolls on its own may be wider: the box is what must fit.
    const insideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (parent !== document.body && (overflow === 'auto' || overflow === 'scroll')) return true;
      }
      return false;
    };
    const dialog = document.querySelector('dialog[open]');
    const sticksOut = (element: Element) =>
      element.getBoundingClientRect().right > viewport + 0.5 && !insideScroller(element);
    // The innermost of them: what widens its parents.
    const wide = [...(dialog ?? document.body).querySelectorAll('*')]
      .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
      .slice(0, 6)
      .map(describe);
    const dialogBox = dialog?.getBoundingClientRect();
    const dialogWidth =
      dialog && dialogBox ? Math.max(dialogBox.right, dialogBox.left + dialog.scrollWidth) : 0;
    return { viewport, width: Math.ceil(Math.max(document.documentElement.scrollWidth, dialogWidth)), wide };
  });
  // Soft: one run names every page that does not fit, not only the first.
  expect
    .soft(
      measured.width,
      `${pageName} is ${measured.width} px wide on a ${measured.viewport} px screen; sticking out: ${measured.wide.join(', ') || 'nothing found'}`,
    )
    .toBeLessThanOrEqual(measured.viewport);
}
