import { expect, test } from '@playwright/test';

test('the footer on every page links Contact, How to play, Terms, Privacy and Responsible gaming, each a page of its own', async ({
  page,
}) => {
  for (const path of ['/', '/howtoplay', '/contact']) {
    await page.goto(path);
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const name of ['Contact us', 'How to play ?', 'Terms', 'Privacy', 'Responsible gaming']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
  }
  const pages = [
    ['Terms', '/terms', 'Terms of use'],
    ['Privacy', '/privacy', 'Privacy'],
    ['Responsible gaming', '/responsible-gaming', 'Responsible gaming'],
  ] as const;
  for (const [link, path, title] of pages) {
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  // A page of its own: opened directly too.
  await page.goto('/responsible-gaming');
  await expect(
    page.getByText('You do not need to be sure there is a problem to talk to someone.', { exact: false }),
  ).toBeVisible();
});
