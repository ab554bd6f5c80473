/**
 * Issue 27: two players whose browsers speak French get Shifumi in French from
 * the first page — home, sign-up, a whole game, the account page and a
 * withdrawal typed as French writes amounts ("0,02") — and one of them, switched
 * to English at once (no reload), sees the spec's texts, its French words
 * included ("Connecté", "Retirer").
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { findLink, waitForMail } from '../support/mailbox';
import { devDeposit, PASSWORD } from '../support/players';

/** A French browser: `navigator.languages` and Accept-Language say fr-FR. */
async function frenchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  return context.newPage();
}

/** Signs up in the French dialog (its verification mail in French too, when asked), then signs in; returns the e-mail. */
async function signUpInFrench(page: Page, name: string, verify: boolean): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now()}-${randomInt(1e6)}@example.com`;
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('button', { name: 'Connectez-vous pour jouer et ajouter des fonds.' })).toBeVisible();
  await page.getByRole('button', { name: 'Inscription / Connexion' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Créer un compte' }).click();
  await dialog.getByLabel('Nom').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Mot de passe').fill(PASSWORD);
  await dialog.getByLabel('J’ai 18 ans ou plus').check();
  await dialog.getByLabel('J’accepte les Conditions').check();
  await dialog.getByRole('button', { name: 'S’inscrire', exact: true }).click();
  await expect(dialog.getByText('Un e-mail de vérification a été envoyé à votre adresse.')).toBeVisible();
  if (verify) {
    // The verification mail speaks French too (the sign-up's language).
    const mail = await waitForMail(email);
    expect(mail).toContain('Pour confirmer votre adresse e-mail sur Shifumi, ouvrez ce lien');
    await page.goto(new URL(findLink(mail, '/verify-email/')).pathname);
    await expect(page.getByText('Votre adresse e-mail est vérifiée.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Inscription / Connexion' }).first().click();
  }
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Mot de passe').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible();
  return email;
}

/** One round: each player picks a hand by its French name; both see the result in French. */
async function playRound(winner: Page, loser: Page): Promise<void> {
  await winner.getByRole('button', { name: 'Feuille', exact: true }).click();
  await loser.getByRole('button', { name: 'Pierre', exact: true }).click();
  await expect(winner.getByTestId('round-result')).toHaveText('Gagné !', { timeout: 10_000 });
  await expect(loser.getByTestId('round-result')).toHaveText('Perdu', { timeout: 10_000 });
}

test('home, sign-up, a whole game, the account page and a withdrawal in French; then the spec’s texts in English', async ({
  browser,
}) => {
  // Two sign-ups (one verified), two deposits, a game of two rounds, a withdrawal: about two minutes alone on 2 cores.
  test.setTimeout(240_000);
  const [ann, bo] = [await frenchPage(browser), await frenchPage(browser)];
  try {
    const annEmail = await signUpInFrench(ann, 'Anne', true);
    const boEmail = await signUpInFrench(bo, 'Bruno', false);
    await devDeposit(annEmail, '0.1');
    await devDeposit(boEmail, '0.1');
    // Numbers as French writes them: a decimal comma.
    for (const page of [ann, bo]) await expect(page.getByTestId('balance-value')).toHaveText('0,1 ETH', { timeout: 20_000 });

    for (const page of [ann, bo]) {
      await page.getByLabel('Mise').selectOption('10');
      await page.getByRole('button', { name: 'Jouer', exact: true }).click();
    }
    await expect(ann).toHaveURL(/\/search-game$/);
    await expect(ann.getByText(/^Mise 10 USDT · 0,003333 ETH$/)).toBeVisible();
    await playRound(ann, bo);
    await expect(ann.getByRole('button', { name: 'Feuille', exact: true })).toBeEnabled({ timeout: 10_000 });
    await expect(bo.getByRole('button', { name: 'Pierre', exact: true })).toBeEnabled({ timeout: 10_000 });
    await playRound(ann, bo);
    await expect(ann.getByRole('dialog')).toContainText('Gagné ! +10 USDT', { timeout: 5_000 });
    await expect(bo.getByRole('dialog')).toContainText('Perdu : -10 USDT', { timeout: 5_000 });
    for (const page of [ann, bo]) await page.getByRole('button', { name: 'Retour à l’accueil' }).click();
    await expect(ann.getByTestId('balance-value')).toHaveText('0,103333 ETH');

    // The account page and a withdrawal, the amount typed with a decimal comma.
    await ann.getByRole('button', { name: 'Mon compte' }).first().click();
    await expect(ann).toHaveURL(/\/account$/);
    await expect(ann.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
    await expect(
      ann.getByRole('navigation', { name: 'Rubriques du compte' }).getByRole('link', { name: 'Retraits' }),
    ).toBeVisible();
    const recipient = `0x${Date.now().toString(16).padStart(40, '0')}`;
    await ann.getByLabel('Montant (ETH)').fill('0,02');
    await ann.getByLabel('Adresse Ethereum').fill(recipient);
    // The spec's word for the button, in every language.
    await ann.getByRole('button', { name: 'Retirer' }).click();
    const confirm = ann.getByRole('alertdialog', { name: 'Confirmer le retrait' });
    await expect(confirm.getByTestId('withdrawal-recipient-gets')).toHaveText(/^0,02 ETH ≈ \$60,00$/);
    await confirm.getByRole('button', { name: 'Confirmer le retrait' }).click();
    // On its way, or in review (two new accounts from one address just played each other: the collusion rules may
    // flag them) — either way said in French, the review's reason too.
    await expect(ann.getByText(/^Votre demande de retrait est en cours (de traitement\.|d’examen)/)).toBeVisible();
    await expect(ann.getByText(/open flag|review threshold|withdrawals exceed/)).toHaveCount(0);
    await expect(ann.getByLabel('Montant (ETH)')).toHaveValue('');

    // English at once, without a reload: the spec's texts, its French words included.
    await ann.getByLabel('Langue').first().selectOption('en');
    await expect(ann.locator('html')).toHaveAttribute('lang', 'en');
    await expect(ann.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(ann.getByRole('button', { name: 'Retirer' })).toBeVisible();
    await expect(ann.getByLabel('Amount (ETH)')).toBeVisible();
    await expect(ann.getByText('Connecté', { exact: true })).toBeVisible();
    await ann.getByRole('link', { name: 'Home' }).first().click();
    await expect(ann.getByRole('button', { name: 'Play Now' })).toBeVisible();
    await expect(ann.getByTestId('balance-value')).toHaveText(/^0\.08\d* ETH$/);
  } finally {
    await Promise.all([ann.context().close(), bo.context().close()]);
  }
});
