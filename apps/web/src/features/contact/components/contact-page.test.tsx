import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { TEXTS } from '@shifumi/protocol';
import { installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { activateLanguage } from '../../../lib/i18n/i18n';

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
}

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(field('Full Name'), 'Grace Visitor');
  await user.type(field('Email Address'), 'grace@example.com');
  await user.type(field('Your Message'), 'Hello, how do withdrawals work?');
}

describe('contact page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('has the three required fields and a Submit button', () => {
    renderApp('/contact');
    expect(field('Full Name').required).toBe(true);
    expect(field('Email Address').required).toBe(true);
    expect(field('Email Address').getAttribute('type')).toBe('email');
    expect(field('Your Message').required).toBe(true);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('refuses an empty form without calling the server', async () => {
    const { requests } = installFetch(() => jsonResponse(201, { message: TEXTS.contactSuccess }));
    const { user } = renderApp('/contact');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(requests).toHaveLength(0);
    expect(screen.getByText('Full Name is required.')).toBeTruthy();
    expect(screen.getByText('E-mail is required.')).toBeTruthy();
    expect(screen.getByText('Message is required.')).toBeTruthy();
    expect(field('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Full Name'));
  });

  it('refuses a malformed e-mail address', async () => {
    const { requests } = installFetch(() => jsonResponse(201, {}));
    const { user } = renderApp('/contact');
    await user.type(field('Full Name'), 'Grace');
    await user.type(field('Email Address'), 'grace-at-example');
    await user.type(field('Your Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(requests).toHaveLength(0);
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
  });

  it('sends the form, shows the success toast and clears the fields', async () => {
    const { requests } = installFetch(() => jsonResponse(201, { message: TEXTS.contactSuccess }));
    const { user } = renderApp('/contact');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(TEXTS.contactSuccess)).toBeTruthy();
    expect(requests).toEqual([
      expect.objectContaining({
        url: '/api/submit-form',
        method: 'POST',
        body: { name: 'Grace Visitor', email: 'grace@example.com', message: 'Hello, how do withdrawals work?' },
      }),
    ]);
    expect(field('Full Name').value).toBe('');
    expect(field('Email Address').value).toBe('');
    expect(field('Your Message').value).toBe('');
  });

  it('shows the failure toast and keeps what was typed', async () => {
    installFetch(() => jsonResponse(429, { message: 'Too many requests. Please try again in a moment.' }));
    const { user } = renderApp('/contact');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Error submitting form')).toBeTruthy();
    expect(screen.queryByText(TEXTS.contactSuccess)).toBeNull();
    expect(field('Your Message').value).toBe('Hello, how do withdrawals work?');
  });

  describe('in French (issue 27)', () => {
    afterEach(() => activateLanguage('en'));

    it('speaks French, and its field errors follow a switch of language', async () => {
      await activateLanguage('fr');
      const { requests } = installFetch(() => jsonResponse(201, { message: TEXTS.contactSuccess }));
      const { user } = renderApp('/contact');
      expect(screen.getByRole('heading', { name: 'Nous contacter', level: 1 })).toBeTruthy();
      const form = screen.getByRole('form', { name: 'Formulaire de contact' });

      await user.click(within(form).getByRole('button', { name: 'Envoyer' }));
      expect(requests).toHaveLength(0);
      expect(screen.getByText('Indiquez votre nom complet.')).toBeTruthy();
      expect(screen.getByText('Indiquez votre adresse e-mail.')).toBeTruthy();
      expect(screen.getByText('Écrivez votre message.')).toBeTruthy();
      expect(field('Votre message').required).toBe(true);

      await act(() => activateLanguage('en'));
      expect(screen.getByText('Full Name is required.')).toBeTruthy();
      expect(screen.queryByText('Indiquez votre nom complet.')).toBeNull();
    });
  });
});
