/** Issue 24: a screen that fits its width (no horizontal scroll). */
import { expect, type Page } from '@playwright/test';

export async function expectNoHorizontalScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${what}: the page is ${widths.scroll} px wide in a ${widths.client} px window`).toBeLessThanOrEqual(widths.client);
}
