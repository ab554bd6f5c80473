/**
 * A QR code (qrcode.react's SVG) in a chunk of its own, for a page that shows
 * one only after a press (the two-factor setup on /account), so that the
 * library is not part of its first load. (The deposit dialog, a chunk of its
 * own fetched on Add Funds, shows its code at once and imports it.) Until the
 * chunk is there, an empty box of the code's size holds its place; `preload()`
 * starts fetching it when the press starts its request. A chunk that cannot be
 * fetched (offline, a deploy in between) leaves that box, not the page's error
 * screen: the setup shows the key as text beside it.
 */
import { Component, Suspense, type ReactNode } from 'react';
import type { QRCodeSVG } from 'qrcode.react';
import { lazyComponent } from '../../lib/lazy-component';

type QrCodeProps = Parameters<typeof QRCodeSVG>[0] & { size: number };

const LazyQrCode = lazyComponent<QrCodeProps>(() => import('qrcode.react').then((module) => module.QRCodeSVG));

/** Keeps a failed QR code to its own box. */
class QrCodeBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The QR code could not be shown', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function QrCode(props: QrCodeProps) {
  const box = <div style={{ width: props.size, height: props.size }} aria-hidden="true" />;
  return (
    <QrCodeBoundary fallback={box}>
      <Suspense fallback={box}>
        <LazyQrCode {...props} />
      </Suspense>
    </QrCodeBoundary>
  );
}

/** Starts fetching the QR code's chunk (when what will show one is pressed). */
QrCode.preload = LazyQrCode.preload;
