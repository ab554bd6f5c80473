/**
 * Issue 26: the screens players and operators live on, at a phone's width.
 * A round's reveal and result come into view even when the page was scrolled
 * to the message box; the deposit dialog shows the whole address at 375 and
 * 1440 px; the console's pages never scroll the page sideways at 375 px (their
 * tables scroll inside their own box) and stay free of serious axe violations.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { devDeposit, signUpAndSignIn } from '../support/players';
import { staffPage } from '../support/staff';

// The look of these screens is checked as most players see them: with motion (the config asks for reduced motion).
test.use({ reducedMotion: 'no-preference' });

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

/** Whether the page itself scrolls sideways (a table may, inside its own box). */
function pageOverflows(page: Page): Promise<boolean> {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) > window.innerWidth);
}

/** axe-core's serious and critical findings on the page, or only inside `within` (a dialog: not the page behind it). */
async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

test('on a phone, the round is decided in view even when the page was scrolled to the message box', async ({ browser }) => {
  test.setTimeout(120_000);
  const contexts = [await browser.newContext({ viewport: DESKTOP }), await browser.newContext({ viewport: DESKTOP })];
  const [ann, bo] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
  try {
    const annEmail = await signUpAndSignIn(ann, { name: 'Ann' });
    const boEmail = await signUpAndSignIn(bo, { name: 'Bo' });
    await devDeposit(annEmail, '0.1');
    await devDeposit(boEmail, '0.1');
    for (const page of [ann, bo]) await expect(page.getByTestId('balance-value')).toHaveText('0.1 ETH', { timeout: 20_000 });
    await ann.setViewportSize(PHONE);
    for (const page of [ann, bo]) {
      await page.getByLabel('Bet amount').selectOption('10');
      await page.getByRole('button', { name: 'Play Now' }).click();
    }
    await expect(ann.getByRole('button', { name: 'Paper' })).toBeEnabled({ timeout: 15_000 });
    await ann.getByRole('button', { name: 'Paper' }).click();

    // Ann scrolls down to type a message: the arena goes out of view.
    await ann.evaluate(() => window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0));
    await expect(ann.getByLabel('Quick message')).toBeInViewport();
    await expect(ann.getByTestId('round-result')).not.toBeInViewport({ ratio: 1 });

    await bo.getByRole('button', { name: 'Rock' }).click();
    const result = ann.getByTestId('round-result');
    await expect(result).toHaveText('You Win', { timeout: 10_000 });
    await expect(result).toBeInViewport({ ratio: 1 });
    // Not under the sticky header either.
    await expect
      .poll(async () => {
        const header = await ann.locator('header').first().boundingBox();
        const box = await result.boundingBox();
        return header !== null && box !== null && box.y >= header.y + header.height - 1;
      })
      .toBe(true);
    expect(await pageOverflows(ann), 'the game at 375 px').toBe(false);
    for (const page of [ann, bo]) await page.getByRole('button', { name: 'Rock' }).isEnabled();
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test('the deposit dialog shows the whole address, grouped for reading, at 375 and 1440 px', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndSignIn(page, { name: 'Depositor' });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.getByRole('button', { name: 'Add Funds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deposit Funds' });
    const address = dialog.getByLabel('Your ETH deposit address');
    await expect(address).toHaveText(/^0x[0-9a-f]{40}$/);
    // Every group of four in view, nothing cut or scrolled away.
    const groups = address.locator('span');
    await expect(groups).toHaveCount(10);
    for (const group of await groups.all()) await expect(group).toBeInViewport({ ratio: 1 });
    expect(await address.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await pageOverflows(page), `the deposit dialog at ${viewport.width} px`).toBe(false);
    expect(await seriousAxeViolations(page, '[role="dialog"]'), `axe on the deposit dialog at ${viewport.width} px`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

// The CLI that grants a staff role opens the database while the server runs: PostgreSQL only.
test('the console at 375 px: no page scrolls sideways, and axe finds nothing serious', async ({ browser }) => {
  test.skip(!process.env.DATABASE_URL, 'needs DATABASE_URL (PostgreSQL)');
  test.setTimeout(120_000);
  const staff = await staffPage(browser, 'admin', 'Operator');
  await staff.setViewportSize(PHONE);
  const problems: string[] = [];
  for (const section of ['overview', 'players', 'withdrawals', 'games', 'flags', 'stuck', 'audit']) {
    await staff.goto(`/admin/${section}`);
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    // Let the section's data arrive (its table, or its empty state).
    await staff.waitForLoadState('networkidle');
    if (await pageOverflows(staff)) problems.push(`/admin/${section} scrolls the page sideways`);
    for (const violation of await seriousAxeViolations(staff)) problems.push(`/admin/${section}: ${violation}`);
  }
  // A game's page and a player's page, opened from the Games list.
  await staff.goto('/admin/games');
  const firstGame = staff.getByRole('region', { name: 'Games' }).getByRole('link').first();
  if (await firstGame.isVisible()) {
    await firstGame.click();
    await expect(staff.getByRole('heading', { name: 'Rounds' })).toBeVisible();
    if (await pageOverflows(staff)) problems.push('a game page scrolls the page sideways');
    for (const violation of await seriousAxeViolations(staff)) problems.push(`game page: ${violation}`);
    await staff.goBack();
    await staff.getByRole('region', { name: 'Games' }).getByRole('link').nth(1).click();
    await expect(staff).toHaveURL(/\/admin\/players\//);
    await staff.waitForLoadState('networkidle');
    if (await pageOverflows(staff)) problems.push('a player page scrolls the page sideways');
    for (const violation of await seriousAxeViolations(staff)) problems.push(`player page: ${violation}`);
  }
  expect(problems).toEqual([]);
});

test('/verify at 375 px: the command line waits in its "for developers" disclosure; no overflow, nothing serious for axe', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a game' })).toBeVisible();
  await page.getByLabel('Transcript (JSON)').fill('{"version": 1}');
  await page.getByRole('button', { name: 'Check the transcript' }).click();
  const developers = page.locator('details', { hasText: 'For developers' });
  await expect(developers).toBeVisible();
  await expect(developers.locator('code')).toBeHidden();
  await developers.locator('summary').click();
  await expect(developers.locator('code')).toHaveText('npm run verify:game -- <transcript.json> --key <public key>');
  expect(await pageOverflows(page)).toBe(false);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('on a touch screen the tapped hand keeps no hover border into the next round', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    await page.goto('/practice');
    // What a touch screen says of itself: it cannot hover (else this test would prove nothing).
    expect(await page.evaluate(() => window.matchMedia('(hover: hover)').matches)).toBe(false);
    const paper = page.getByRole('button', { name: 'Paper' });
    const rock = page.getByRole('button', { name: 'Rock' });
    await expect(paper).toBeEnabled({ timeout: 25_000 });
    const borderOf = (button: typeof paper) => button.evaluate((element) => getComputedStyle(element).borderTopColor);
    const resting = await borderOf(rock);
    await paper.tap();
    await expect(paper).toBeDisabled();
    // The next round (first to two wins: one round never ends the game): the tapped hand looks like the others again.
    await expect(paper).toBeEnabled({ timeout: 25_000 });
    await expect.poll(() => borderOf(paper), { message: 'the tapped hand’s border in the next round' }).toBe(resting);
    expect(await borderOf(rock)).toBe(resting);
  } finally {
    await context.close();
  }
});
