/** Issue 27 (item 4): one two-factor code field for every place that asks for a code. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { activateLanguage } from '../../lib/i18n/i18n';
import { TwoFactorCodeField } from './two-factor-code-field';

afterEach(() => activateLanguage('en'));

describe('TwoFactorCodeField', () => {
  it('offers the code the device received, allows recovery codes, and reports what is typed', () => {
    const onChange = vi.fn();
    render(
      <TwoFactorCodeField value="" onChange={onChange} error="Please enter the 6-digit code from your authenticator app." />,
    );
    const field = screen.getByLabelText('Two-factor code');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('text');
    expect(field.getAttribute('spellcheck')).toBe('false');
    expect(field.getAttribute('name')).toBe('code');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'abcd-1234' } });
    expect(onChange).toHaveBeenCalledWith('abcd-1234');
  });

  it('takes a label of its own, and says its default one in French', async () => {
    const { rerender } = render(<TwoFactorCodeField label="Code to turn it off" value="" onChange={() => undefined} />);
    expect(screen.getByLabelText('Code to turn it off')).toBeTruthy();
    await activateLanguage('fr');
    rerender(<TwoFactorCodeField value="" onChange={() => undefined} />);
    expect(screen.getByLabelText('Code de double authentification')).toBeTruthy();
  });
});
