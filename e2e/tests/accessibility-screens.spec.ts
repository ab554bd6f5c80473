/**
 * Issue 26 (decision 041): every player screen and every console screen, signed
 * out and signed in, at 375 and 1440 px — zero serious or critical axe-core
 * violations (axe's default rules, which include every WCAG 2.1 A and AA
 * rule), and no page wider than its window. On the way, what operators read:
 * the Games list with both players, the stake in USDT and the result; a flag
 * with its rule in words and its evidence as a table linking to the game.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EN } from '@shifumi/protocol/catalogue/en/admin';
import { playUntilWon } from '../support/game';
import { devDeposit, signUpAndSignIn } from '../support/players';
import { staffPage } from '../support/staff';

// The look of these screens is checked as most players see them: with motion (the config asks for reduced motion).
test.use({ reducedMotion: 'no-preference' });

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const WIDTHS = [PHONE, DESKTOP] as const;

/** The WCAG 2.1 A/AA tags: axe's defaults run them (and best practices); named here so a report says which. */
const WCAG_21_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Where SCREENSHOTS=1 writes the pictures (gitignored, beside screenshots.spec.ts's). */
const SCREENSHOT_DIRECTORY = new URL('../.tmp/screenshots/screens-', import.meta.url).pathname;

/**
 * Lets the page settle: its requests answered, its layout that of its new width (after a resize the header
 * takes its phone layout on the media-query event, a task later: a page measured before it was briefly
 * wider than the window, the width of the header it was leaving), its animations (a dialog fading in) at
 * their final frame. A page that stays wider is reported by the check that follows.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth, undefined, { timeout: 5_000 })
    .catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The screen as it is, at both widths: every serious or critical axe finding
 * (within `within` only when given: a dialog, not the page behind it) and a
 * page that scrolls sideways, added to `problems` under the screen's name.
 */
async function checkScreen(page: Page, screen: string, problems: string[], within?: string): Promise<void> {
  const before = problems.length;
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    if (within && (await page.locator(within).count()) === 0) {
      problems.push(`${screen} at ${size.width} px: closed when the window was resized`);
      continue;
    }
    const builder = new AxeBuilder({ page });
    const results = await (within ? builder.include(within) : builder).analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const wcag = violation.tags.filter((tag) => WCAG_21_TAGS.includes(tag)).join(',') || 'best-practice';
      problems.push(
        `${screen} at ${size.width} px: ${violation.id} (${violation.impact}, ${wcag}) ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
      );
    }
    const overflow = await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
    if (overflow > 0) problems.push(`${screen} at ${size.width} px: the page is ${overflow} px wider than the window`);
    // Issue 26: with SCREENSHOTS=1 every screen checked is also kept as a picture, at both widths, for a person to look at.
    if (process.env.SCREENSHOTS) {
      const name = `${size.width}-${screen
        .replace(/[^a-z0-9]+/gi, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase()}.png`;
      await page.screenshot({ path: `${SCREENSHOT_DIRECTORY}${name}`, fullPage: true });
    }
  }
  // Reported screen by screen, so that a journey cut short still says what it found.
  expect.soft(problems.slice(before), screen).toEqual([]);
}

/** The player's pages that need no account and no data of their own. */
const PUBLIC_PAGES: Array<[string, string]> = [
  ['/', 'home'],
  ['/howtoplay', 'how to play'],
  ['/contact', 'contact'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/responsible-gaming', 'responsible gaming'],
  ['/solvency', 'solvency'],
  ['/verify', 'verify'],
  ['/practice', 'practice'],
  ['/no-such-page', 'not found'],
  ['/verify-email/not-a-token', 'e-mail verification (a bad link)'],
  ['/reset-password/not-a-token', 'password reset (a bad link)'],
  ['/confirm-address/not-a-token', 'address confirmation (a bad link)'],
  ['/challenge/00000000-0000-4000-8000-000000000000', 'a challenge that does not exist'],
];

test('every player screen signed out, at 375 and 1440 px: nothing serious for axe, nothing wider than the window', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const problems: string[] = [];
  for (const [path, screen] of [...PUBLIC_PAGES, ['/account', 'account (signed out)'] as [string, string]]) {
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await checkScreen(page, screen, problems);
  }
  // The sign-in dialog and its sign-up view.
  await page.goto('/');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Sign Up / Login' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await checkScreen(page, 'the sign-in dialog', problems, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await expect(dialog.getByLabel('Name')).toBeVisible();
  await checkScreen(page, 'the sign-up dialog', problems, '[role="dialog"]');
});

test('every player screen signed in, at 375 and 1440 px: nothing serious for axe, nothing wider than the window', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const problems: string[] = [];
  await signUpAndSignIn(page, { name: 'Cy' });
  for (const [path, screen] of [...PUBLIC_PAGES, ['/account', 'account'] as [string, string]]) {
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await checkScreen(page, `${screen} (signed in)`, problems);
  }
  await page.goto('/');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Add Funds' }).click();
  await expect(page.getByRole('dialog', { name: 'Deposit Funds' })).toBeVisible();
  await checkScreen(page, 'the deposit dialog', problems, '[role="dialog"]');
});

test('a game, its popup and detail, and every console screen, at 375 and 1440 px; the console says who played, who won and why a flag was raised', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const problems: string[] = [];
  const contexts = [await browser.newContext({ viewport: DESKTOP }), await browser.newContext({ viewport: DESKTOP })];
  const [ann, bo] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
  try {
    const annName = `Ann${Date.now() % 100_000}`;
    const boName = `Bo${Date.now() % 100_000}`;
    const annEmail = await signUpAndSignIn(ann, { name: annName, verify: true });
    const boEmail = await signUpAndSignIn(bo, { name: boName });
    await devDeposit(annEmail, '0.1');
    await devDeposit(boEmail, '0.1');
    for (const page of [ann, bo]) await expect(page.getByTestId('balance-value')).toHaveText('0.1 ETH', { timeout: 20_000 });

    // A game at 5 USDT, checked at both widths while it runs and at its end.
    for (const page of [ann, bo]) {
      await page.getByLabel('Bet amount').selectOption('5');
      await page.getByRole('button', { name: 'Play Now' }).click();
    }
    await expect(ann.getByRole('button', { name: 'Rock' })).toBeEnabled({ timeout: 15_000 });
    await expect(ann.getByText('Bet 5 USDT ·')).toBeVisible();
    await checkScreen(ann, 'the game', problems);
    await ann.setViewportSize(DESKTOP);
    // The checks above may have let round 1 run out: the game is played on until Ann has won it.
    await playUntilWon(ann, bo);
    await expect(ann.getByRole('dialog')).toContainText('You Win +5 USDT', { timeout: 5_000 });
    await checkScreen(ann, 'the end-of-game popup', problems, '[role="dialog"]');
    await ann.getByRole('button', { name: 'Go Home' }).click();
    await bo.getByRole('button', { name: 'Go Home' }).click();

    // The account with a game in its history, a game's detail, the withdraw confirmation.
    await ann.goto('/account');
    await checkScreen(ann, 'account with a game (signed in)', problems);
    await ann.setViewportSize(DESKTOP);
    await ann
      .getByRole('button', { name: /^Round by round: Victory/ })
      .first()
      .click();
    await expect(ann.getByRole('dialog', { name: `Game against ${boName}` })).toBeVisible();
    await checkScreen(ann, 'a game’s detail', problems, '[role="dialog"]');
    await ann.keyboard.press('Escape');
    await ann.setViewportSize(DESKTOP);
    await ann.getByLabel('Amount (ETH)').fill('0.01');
    await ann.getByLabel('Ethereum address').fill('0x1111111111111111111111111111111111111111');
    await ann.getByRole('button', { name: 'Retirer' }).click();
    await expect(ann.getByRole('alertdialog', { name: 'Confirm the withdrawal' })).toBeVisible();
    await checkScreen(ann, 'the withdraw confirmation', problems, '[role="alertdialog"]');
    await ann.keyboard.press('Escape');

    // The console: staff with every role's pages (the CLI that grants it needs PostgreSQL).
    if (process.env.DATABASE_URL) {
      const staff = await staffPage(browser, 'admin', 'Operator');
      // The rules flag Ann and Bo: they played from the same IP address (every e2e browser is 127.0.0.1).
      await staff.goto('/admin/flags');
      await staff.getByRole('button', { name: 'Run the rules now' }).click();
      await expect(staff.getByText(/\d+ new flags/)).toBeVisible({ timeout: 20_000 });
      for (const section of ['overview', 'players', 'withdrawals', 'games', 'flags', 'stuck', 'audit']) {
        await staff.setViewportSize(DESKTOP);
        await staff.goto(`/admin/${section}`);
        await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
        await checkScreen(staff, `console ${section}`, problems);
      }

      // The Games list: when, both players (links), the stake in USDT, the result in words.
      await staff.goto('/admin/games');
      const games = staff.getByRole('region', { name: 'Games' });
      const row = games.getByRole('row').filter({ hasText: annName }).filter({ hasText: boName }).first();
      await expect(row).toContainText('5 USDT');
      await expect(row.getByRole('cell').nth(3)).toHaveText(`${annName} won`);
      await expect(row.getByRole('link', { name: boName })).toHaveAttribute('href', /\/admin\/players\//);
      const gameHref = await row.getByRole('link').first().getAttribute('href');
      expect(gameHref).toMatch(/^\/admin\/games\/[0-9a-f-]{36}$/);

      // A flag of Ann and Bo: its rule in words (not its code alone), its evidence as a table whose game links to the game.
      await staff.goto('/admin/flags');
      const card = staff
        .locator('li', { has: staff.getByRole('heading', { name: ADMIN_EN.flags.rules.shared_ip_opponents }) })
        .filter({ hasText: annName })
        .filter({ hasText: boName })
        .first();
      await expect(card).toBeVisible();
      await expect(card.getByRole('link', { name: annName }).first()).toHaveAttribute('href', /\/admin\/players\//);
      await expect(card.locator(`a[href="${gameHref}"]`).first()).toBeVisible();
      await expect(card.getByRole('rowheader').first()).toBeVisible();
      await expect(card).not.toContainText('{"');

      // A game's page and a player's page, reached from the list.
      await staff.goto(gameHref ?? '/admin/games');
      await expect(staff.getByRole('heading', { name: 'Rounds' })).toBeVisible();
      await checkScreen(staff, 'console game page', problems);
      await staff.setViewportSize(DESKTOP);
      await staff.getByRole('link', { name: annName }).first().click();
      await expect(staff).toHaveURL(/\/admin\/players\//);
      await checkScreen(staff, 'console player page', problems);
      await staff.context().close();
    }
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
