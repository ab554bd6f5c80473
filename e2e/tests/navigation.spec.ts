import { expect, test } from '@playwright/test';

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the burger menu opens the mobile menu with My account disabled', async ({ page }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open menu' });
    await expect(burger).toBeVisible();
    await burger.click();
    const menu = page.getByRole('navigation', { name: /mobile/i });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'My account' })).toBeDisabled();
    await menu.getByRole('link', { name: 'How to play ?' }).click();
    await expect(page).toHaveURL(/\/howtoplay$/);
    await expect(page.getByRole('heading', { name: /quick start/i })).toBeVisible();
  });
});

test.describe('at 1440 px wide', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the navigation bar shows every control and no burger', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'My account' }).first()).toBeDisabled();
    await expect(page.getByText('Non connecté')).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    const field = page.getByRole('searchbox');
    await field.fill('rock');
    await field.press('Enter');
    await expect(field).toHaveValue('rock');
    await page.getByRole('link', { name: 'Shifumi' }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the production build says nothing on the console about its texts', async ({ page }) => {
  // Lingui's runtime, built without its compiler, warned "Uncompiled message detected!" at every lookup of a plain
  // text: on every render, in every player's console (decision 042, "Later").
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Shifumi' }).first()).toBeVisible();
  await page.goto('/howtoplay');
  await expect(page.getByRole('heading', { name: /quick start/i })).toBeVisible();
  await page.goto('/home');
  await expect(page.getByText('Non connecté')).toBeVisible();
  expect(warnings.filter((text) => /uncompiled message|lingui/i.test(text))).toEqual([]);
});
