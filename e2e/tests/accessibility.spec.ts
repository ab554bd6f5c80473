/**
 * Issue 14: the player's screens at 375 and 1440 px, with axe-core: no serious
 * or critical violation on home, game, account, deposit and withdraw; at
 * 375×812 the balance and Play Now in view without scrolling and the logo at
 * its size; at 1440×900 the reaction picker, the quick-message box and the
 * opponent's reaction in view during a game; tap targets of 44 px, a visible
 * focus, every control reached by the keyboard. On the way: the balance in the
 * navigation bar on every page, live, and the deposit toast.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { playUntilWon } from '../support/game';
import { devDeposit, signUpAndSignIn } from '../support/players';

// The look of these screens is checked as most players see them: with motion (the config asks for reduced motion).
test.use({ reducedMotion: 'no-preference' });

/** axe-core on the page as it is: every serious or critical violation, with where it is. */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  // A dialog fading in is measured at its final colours, not half-transparent.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
  expect.soft(serious, `axe on ${screen}`).toEqual([]);
}

/** Visible buttons, links, inputs and selects smaller than 44 × 44 px (links inside running text excepted). */
async function smallTapTargets(page: Page, within: string): Promise<string[]> {
  return page.locator(within).evaluate((root) => {
    const controls = root.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, [role="switch"]');
    const small: string[] = [];
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (control.closest('.visually-hidden')) continue;
      // A link in a sentence is exempt (WCAG 2.5.5: inline).
      if (control.tagName === 'A' && control.parentElement?.tagName === 'P') continue;
      // A checkbox is pressed through its label, which is the target.
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') && control.labels?.[0])
        continue;
      if (box.height < 44 || box.width < 44) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        small.push(`${control.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

/** Tabs from the top of the page until `target` has the focus; it must show a focus ring. */
async function reachByKeyboard(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  await page.locator('body').evaluate((body) => {
    (document.activeElement as HTMLElement | null)?.blur();
    body.focus();
  });
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      });
      expect.soft(ring, 'a visible focus').toBe(true);
      return;
    }
  }
  throw new Error(`not reached with ${maxPresses} presses of Tab`);
}

test('the player’s screens: in view, named, reachable and free of serious axe violations (issue 14)', async ({ browser }) => {
  test.setTimeout(240_000);
  const desktop = { width: 1440, height: 900 };
  const contexts = [await browser.newContext({ viewport: desktop }), await browser.newContext({ viewport: desktop })];
  const [ann, bo] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
  try {
    const annEmail = await signUpAndSignIn(ann, { name: 'Ann', verify: true });
    const boEmail = await signUpAndSignIn(bo, { name: 'Bo' });

    // A deposit seen on chain: a toast on whatever page is open, and the balance in the navigation bar follows.
    await ann.goto('/howtoplay');
    await expect(ann.getByTestId('nav-balance-value')).toHaveText('0 ETH', { timeout: 10_000 });
    await devDeposit(annEmail, '0.1');
    await expect(ann.getByText('Deposit of 0.1 ETH credited to your balance.')).toBeVisible({ timeout: 20_000 });
    await expect(ann.getByTestId('nav-balance-value')).toHaveText('0.1 ETH');
    await devDeposit(boEmail, '0.1');
    await ann.getByRole('button', { name: /^Balance 0\.1 ETH, show in USD$/ }).click();
    await expect(ann.getByTestId('nav-balance-value')).toHaveText(/^\$\d+\.\d\d$/);
    await ann.getByRole('button', { name: /^Balance \$.*, show in ETH$/ }).click();

    // Home at 375 × 812: the balance and Play Now without scrolling, the logo at its size.
    await ann.goto('/');
    await expect(ann.getByTestId('balance-value')).toHaveText('0.1 ETH', { timeout: 20_000 });
    await ann.setViewportSize({ width: 375, height: 812 });
    await expect(ann.getByTestId('nav-balance-value')).toBeInViewport({ ratio: 1 });
    await expect(ann.getByRole('button', { name: 'Play Now' })).toBeInViewport({ ratio: 1 });
    const logo = ann.getByRole('link', { name: 'Shifumi home' });
    const logoAt375 = await logo.boundingBox();
    await ann.setViewportSize({ width: 320, height: 812 });
    expect(await logo.boundingBox(), 'the logo never shrinks').toMatchObject({
      width: logoAt375?.width,
      height: logoAt375?.height,
    });
    await ann.setViewportSize({ width: 375, height: 812 });
    expect.soft(await smallTapTargets(ann, 'body'), 'tap targets on home at 375 px').toEqual([]);
    await expectNoSeriousViolations(ann, 'home at 375 px');
    await ann.setViewportSize(desktop);
    await expectNoSeriousViolations(ann, 'home at 1440 px');
    await reachByKeyboard(ann, ann.getByRole('button', { name: 'Play Now' }));
    await reachByKeyboard(ann, ann.getByLabel('Bet amount'));

    // The deposit dialog.
    await ann.getByRole('button', { name: 'Add Funds' }).click();
    await expect(ann.getByRole('dialog', { name: 'Deposit Funds' })).toBeVisible();
    await expectNoSeriousViolations(ann, 'the deposit dialog');
    await ann.keyboard.press('Escape');

    // A game at 1440 × 900: the reaction picker, the quick-message box and the opponent's reaction in view.
    for (const page of [ann, bo]) await page.getByLabel('Bet amount').selectOption('10');
    for (const page of [ann, bo]) await page.getByRole('button', { name: 'Play Now' }).click();
    await expect(ann.getByRole('button', { name: 'Rock' })).toBeEnabled({ timeout: 15_000 });
    await expect(bo.getByRole('button', { name: 'Rock' })).toBeEnabled({ timeout: 15_000 });
    await bo.getByRole('group', { name: 'Send a reaction' }).getByRole('button').first().click();
    await expect(ann.getByTestId('reaction-theirs')).toBeInViewport({ ratio: 1 });
    await expect(ann.getByRole('group', { name: 'Send a reaction' })).toBeInViewport({ ratio: 1 });
    await expect(ann.getByLabel('Quick message')).toBeInViewport({ ratio: 1 });
    await expectNoSeriousViolations(ann, 'the game');
    await reachByKeyboard(ann, ann.getByRole('button', { name: 'Rock' }));
    expect.soft(await smallTapTargets(ann, 'main'), 'tap targets on the game').toEqual([]);

    // The checks above may have let round 1 run out: the game is played on until Ann has won it.
    await playUntilWon(ann, bo);
    await expect(ann.getByRole('dialog')).toContainText('You Win +10 USDT', { timeout: 5_000 });
    await expectNoSeriousViolations(ann, 'the end-of-game popup');
    await ann.getByRole('button', { name: 'Go Home' }).click();

    // The account, its game history's detail, and the withdraw confirmation.
    await ann.goto('/account');
    await expect(ann.getByRole('button', { name: 'Retirer' })).toBeVisible({ timeout: 10_000 });
    await expectNoSeriousViolations(ann, 'the account');
    await ann.getByRole('button', { name: /^Round by round: Victory/ }).click();
    const detail = ann.getByRole('dialog', { name: 'Game against Bo' });
    await expect(detail.getByTestId('game-detail-result')).toHaveText('Victory');
    await expectNoSeriousViolations(ann, 'the game detail');
    await ann.keyboard.press('Escape');
    await ann.getByRole('button', { name: /^Max:/ }).click();
    await ann.getByLabel('Amount (ETH)').fill('0,01');
    await ann.getByLabel('Ethereum address').fill('0x1111111111111111111111111111111111111111');
    await expect(ann.getByTestId('withdraw-amount-usd')).toHaveText(/^≈ \$\d+\.\d\d$/);
    await ann.getByRole('button', { name: 'Retirer' }).click();
    const confirm = ann.getByRole('alertdialog', { name: 'Confirm the withdrawal' });
    await expect(confirm.getByTestId('withdrawal-destination')).toHaveText('0x1111111111111111111111111111111111111111');
    await expectNoSeriousViolations(ann, 'the withdraw confirmation');
    await ann.setViewportSize({ width: 375, height: 812 });
    await expectNoSeriousViolations(ann, 'the withdraw confirmation at 375 px');
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
