import { expect, type Page } from '@playwright/test';

/**
 * Plays a running game on until the winner's end-of-game popup opens: the winner clicks Paper and the loser Rock in
 * every round open on their screens.
 *
 * For journeys that check the game screen (axe, the keyboard) while a round runs. On a slow machine such a check can
 * outlast the round's 10 s clock. A click can then land after the server's deadline (the round is a draw: each silent
 * hand is rock at 0), or wait for the next round while the other player's click counted in this one. Counting rounds
 * would then go wrong, as CI saw once: the winner's screen said "Make your choice" where the test waited for "You
 * Win". The winner never loses a round here (paper or rock against rock), so the game always ends in their win.
 */
export async function playUntilWon(winner: Page, loser: Page, maxRounds = 8): Promise<void> {
  const popup = winner.getByRole('dialog');
  const paper = winner.getByRole('button', { name: 'Paper', disabled: false });
  const rock = loser.getByRole('button', { name: 'Rock', disabled: false });
  for (let round = 0; round < maxRounds; round += 1) {
    // The next round open on the winner's screen (the reveal and the pause between rounds take about 5 s), or the end.
    await expect(paper.or(popup).first()).toBeVisible({ timeout: 30_000 });
    if (await popup.isVisible()) return;
    // Either click may miss its round when the round ends meanwhile: the next pass plays the next one.
    await paper.click({ timeout: 3_000 }).catch(() => undefined);
    await rock.click({ timeout: 3_000 }).catch(() => undefined);
  }
  await expect(popup, `the game did not end in ${maxRounds} rounds`).toBeVisible();
}
