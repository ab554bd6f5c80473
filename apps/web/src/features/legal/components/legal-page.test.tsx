import { LEGAL_EN } from '@shifumi/protocol/catalogue/en/legal';
import { LEGAL_FR } from '@shifumi/protocol/catalogue/fr/legal';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

const SLOW_FIRST_IMPORT = { timeout: 10_000 };

describe('/terms and /privacy read their texts from the legal catalogue (issue 27)', () => {
  afterEach(async () => {
    await activateLanguage('en');
  });

  it('shows the terms in English, every section and paragraph, then in French at once when the language changes', async () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: LEGAL_EN.terms.title }, SLOW_FIRST_IMPORT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: LEGAL_EN.terms.sections.money.heading })).toBeTruthy();
    expect(screen.getByText(LEGAL_EN.terms.sections.money.p3)).toBeTruthy();
    expect(screen.getByText(LEGAL_EN.terms.sections.service.p2)).toBeTruthy();

    await act(() => activateLanguage('fr'));
    expect(await screen.findByRole('heading', { level: 1, name: LEGAL_FR.terms.title })).toBeTruthy();
    expect(screen.getByText(LEGAL_FR.terms.sections.players.p1)).toBeTruthy();
    expect(screen.queryByText(LEGAL_EN.terms.sections.players.p1)).toBeNull();
  });

  it('shows the privacy page in French when French is the language it opens in', async () => {
    await activateLanguage('fr');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: LEGAL_FR.privacy.title }, SLOW_FIRST_IMPORT)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      LEGAL_FR.privacy.sections.kept.heading,
      LEGAL_FR.privacy.sections.browser.heading,
      LEGAL_FR.privacy.sections.rights.heading,
    ]);
  });
});
