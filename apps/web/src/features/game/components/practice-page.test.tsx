import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { GAME_EN } from '@shifumi/protocol/catalogue/en/game';
import { actionRequests, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('the practice page (issue 24)', () => {
  it('lets a visitor play against the bot, labelled "Practice — no money", with nothing sent to the server', async () => {
    const { requests } = installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/practice');
    expect(await screen.findByTestId('practice-label')).toBeTruthy();
    expect(screen.getByTestId('practice-label').textContent).toBe('Practice — no money');
    // The scoreboard says it too, in place of a bet.
    expect(screen.getByText(GAME_EN.practice.label, { selector: 'p:not([data-testid])' })).toBeTruthy();
    expect(screen.getByText('Practice bot')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Paper' }));
    expect(screen.getByTestId('round-result').textContent).toMatch(/Choice locked|Revealing/);
    expect(actionRequests(requests)).toEqual([]);
  });
});
