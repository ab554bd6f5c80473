import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { RESPONSIBLE_GAMING_TEXTS, STORAGE_KEYS, TEXTS } from '@shifumi/protocol';
import { reloadPage } from '../../../lib/page-navigation';
import { getSession } from '../../../lib/session-store';
import { accountFixture, actionRequests, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { activateLanguage, currentLanguage } from '../../../lib/i18n/i18n';
import { LANGUAGE_STORAGE_KEY } from '../../../lib/i18n/language-preference';
import { renderApp, testUser } from '../../../test/render-app';

vi.mock('../../../lib/page-navigation', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

async function openDialog() {
  const view = renderApp('/');
  await view.user.click(screen.getAllByRole('button', { name: 'Sign Up / Login' })[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Sign in to Shifumi' });
  return { ...view, dialog };
}

describe('auth dialog', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('opens in sign-in mode, as an accessible modal with the first field focused', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Email'));
    expect(within(dialog).getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(within(dialog).getByLabelText('Password').getAttribute('type')).toBe('password');
  });

  it('closes with Escape and gives the focus back to the button that opened it', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Sign Up / Login' })[0]);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    for (let step = 0; step < 12; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('signs up: green message, empty fields, back to sign-in mode', async () => {
    const { requests } = installFetch(
      (request) => backgroundReads(request) ?? jsonResponse(201, { message: TEXTS.signUpSuccess }),
    );
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    await user.type(within(dialog).getByLabelText('Name'), 'Ada Player');
    await user.type(within(dialog).getByLabelText('Email'), 'Ada@Example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.type(within(dialog).getByLabelText('Referral code'), 'abcd2345');
    // Issue 19: without the two confirmations nothing is sent and the form says what is missing.
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(RESPONSIBLE_GAMING_TEXTS.ageRequired);
    await user.click(within(dialog).getByLabelText('I am 18 or older'));
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(RESPONSIBLE_GAMING_TEXTS.termsRequired);
    expect(actionRequests(requests)).toHaveLength(0);
    await user.click(within(dialog).getByLabelText('I accept the Terms'));
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));

    expect((await within(dialog).findByRole('status')).textContent).toBe(TEXTS.signUpSuccess);
    expect(actionRequests(requests)).toHaveLength(1);
    expect(actionRequests(requests)[0]).toMatchObject({
      url: '/api/auth/register',
      method: 'POST',
      body: {
        name: 'Ada Player',
        email: 'ada@example.com',
        password: 'correct horse',
        referralCode: 'ABCD2345',
        ageConfirmed: true,
        termsAccepted: true,
      },
    });
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('shows the server message when sign-in is refused, and logs it', async () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(401, { message: 'Incorrect e-mail or password.' }));
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('Email'), 'nobody@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'not the password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect e-mail or password.');
    expect(console.error).toHaveBeenCalled();
    expect(getSession().accessToken).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('shows the generic French text when the failure carries no message', async () => {
    installFetch((request) => backgroundReads(request) ?? new Response('upstream down', { status: 502 }));
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'whatever123');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(TEXTS.genericError);
  });

  it('signs in: stores token and user, closes, reloads the page', async () => {
    const { requests } = installFetch(
      (request) => backgroundReads(request) ?? jsonResponse(200, { accessToken: 'fresh-token', user: testUser }),
    );
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(actionRequests(requests)[0]).toMatchObject({
      url: '/api/auth/login',
      body: { email: 'ada@example.com', password: 'correct horse' },
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-token');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(testUser);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(TEXTS.connected)).toBeTruthy();
  });

  it('signs in to the account’s own language (issue 27): the page reloads in it, and this browser remembers it', async () => {
    installFetch(
      (request) =>
        (request.url === '/api/account' ? jsonResponse(200, accountFixture({ language: 'fr' })) : undefined) ??
        backgroundReads(request) ??
        jsonResponse(200, { accessToken: 'fresh-token', user: testUser }),
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(currentLanguage()).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    await activateLanguage('en');
  });

  it('reads the account’s language with the new session before storing it: nothing shows signed in until the reload (issue 27)', async () => {
    let answerAccount: (response: Response) => void = () => undefined;
    const accountAnswered = new Promise<Response>((resolve) => {
      answerAccount = resolve;
    });
    const { requests } = installFetch(
      (request) =>
        (request.url === '/api/account' ? accountAnswered : undefined) ??
        backgroundReads(request) ??
        jsonResponse(200, { accessToken: 'fresh-token', user: testUser }),
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(requests.some((request) => request.url === '/api/account')).toBe(true));
    expect(requests.find((request) => request.url === '/api/account')?.headers.authorization).toBe('fresh-token');
    expect(getSession().accessToken).toBeNull();
    expect(screen.queryByText(TEXTS.connected)).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();

    answerAccount(jsonResponse(200, accountFixture({ language: 'en' })));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(getSession().accessToken).toBe('fresh-token');
  });

  it('refuses an invalid e-mail before calling the server', async () => {
    const { requests } = installFetch((request) => backgroundReads(request) ?? jsonResponse(200, {}));
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), 'whatever123');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please enter a valid e-mail address.');
    expect(actionRequests(requests)).toHaveLength(0);
  });

  it('says what the form check finds wrong in French (decision 063)', async () => {
    await activateLanguage('fr');
    try {
      const { requests } = installFetch((request) => backgroundReads(request) ?? jsonResponse(200, {}));
      const { user } = renderApp('/');
      await user.click(screen.getAllByRole('button', { name: 'Inscription / Connexion' })[0]!);
      const dialog = await screen.findByRole('dialog', { name: 'Connexion à Shifumi' });
      await user.type(within(dialog).getByLabelText('E-mail'), 'pas-une-adresse');
      await user.type(within(dialog).getByLabelText('Mot de passe'), 'whatever123');
      await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe('Saisissez une adresse e-mail valide.');
      await user.clear(within(dialog).getByLabelText('E-mail'));
      await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe('L’adresse e-mail est obligatoire.');
      expect(actionRequests(requests)).toHaveLength(0);
    } finally {
      await activateLanguage('en');
    }
  });

  it('opens in sign-up mode with the code filled in from a referral link', async () => {
    renderApp('/?ref=ABCD2345');
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    expect((within(dialog).getByLabelText('Referral code') as HTMLInputElement).value).toBe('ABCD2345');
  });
});
