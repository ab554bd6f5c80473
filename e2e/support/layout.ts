/** Issue 24: a screen that fits its width (no horizontal scroll). */
import { expect, type Page } from '@playwright/test';

/**
 * Polled: after a resize the header switches to its phone layout on the
 * media-query event, a frame later; what must hold is the settled page.
 */
export async function expectNoHorizontalScroll(page: Page, what: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: `${what}: the page is wider than its window`,
    })
    .toBeLessThanOrEqual(0);
}
