import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_SECURITY_TEXTS } from '@shifumi/protocol';
import { answerCode, requestCode } from '../code-request';
import { TwoFactorCodeDialogHost } from './two-factor-code-dialog';

afterEach(() => {
  act(() => answerCode(null));
});

describe('the two-factor code dialog of a wallet sign-in', () => {
  it('opens on a request with the focus on the code field and resolves with the code typed', async () => {
    const user = userEvent.setup();
    render(<TwoFactorCodeDialogHost />);
    expect(screen.queryByRole('dialog')).toBeNull();

    let answer!: Promise<string | null>;
    act(() => {
      answer = requestCode(null);
    });
    expect(screen.getByRole('dialog', { name: 'Two-factor code' })).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Two-factor code' });
    expect(document.activeElement).toBe(field);

    await user.keyboard('123456{Enter}');
    await expect(answer).resolves.toBe('123456');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows why the last code failed, and Verify with an empty field asks for a code instead of answering', async () => {
    const user = userEvent.setup();
    render(<TwoFactorCodeDialogHost />);
    let answer!: Promise<string | null>;
    act(() => {
      answer = requestCode(ACCOUNT_SECURITY_TEXTS.twoFactorCodeWrong);
    });
    expect(screen.getByText(ACCOUNT_SECURITY_TEXTS.twoFactorCodeWrong)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Two-factor code' }), 'abcd-efgh-ijkl');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expect(answer).resolves.toBe('abcd-efgh-ijkl');
  });

  it('resolves null on Cancel and on Escape', async () => {
    const user = userEvent.setup();
    render(<TwoFactorCodeDialogHost />);
    let answer!: Promise<string | null>;
    act(() => {
      answer = requestCode(null);
    });
    await user.type(screen.getByRole('textbox', { name: 'Two-factor code' }), '111111');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => {
      answer = requestCode(null);
    });
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
