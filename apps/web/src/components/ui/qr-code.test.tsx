import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';

afterEach(() => {
  vi.doUnmock('qrcode.react');
  vi.resetModules();
});

describe('QrCode', () => {
  it('shows the code once its chunk is there', async () => {
    const { QrCode } = await import('./qr-code');
    render(<QrCode value="otpauth://totp/Shifumi:ann?secret=ABC" size={120} title="QR code for your authenticator app" />);
    const code = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(code.tagName.toLowerCase()).toBe('svg');
  });

  it('keeps a code that cannot be shown to its own box: the rest of the page stays', async () => {
    vi.doMock('qrcode.react', () => ({
      QRCodeSVG: () => {
        throw new Error('chunk failed');
      },
    }));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { QrCode } = await import('./qr-code');
    render(
      <>
        <QrCode value="otpauth://totp/Shifumi:ann?secret=ABC" size={120} title="QR code for your authenticator app" />
        <p>Or enter this key</p>
      </>,
    );
    await vi.waitFor(() => expect(quiet).toHaveBeenCalledWith('The QR code could not be shown', expect.any(Error)));
    expect(screen.getByText('Or enter this key')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    quiet.mockRestore();
  });
});
