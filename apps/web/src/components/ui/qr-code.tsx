/**
 * A QR code (qrcode.react's SVG) in a chunk of its own, for a page that shows
 * one only after a press (the two-factor setup on /account), so that the
 * library is not part of its first load. (The deposit dialog, a chunk of its
 * own fetched on Add Funds, shows its code at once and imports it.) Until the
 * chunk is there, an empty box of the code's size holds its place; `preload()`
 * starts fetching it when the press starts its request.
 */
import { Suspense } from 'react';
import type { QRCodeSVG } from 'qrcode.react';
import { lazyComponent } from '../../lib/lazy-component';

type QrCodeProps = Parameters<typeof QRCodeSVG>[0] & { size: number };

const LazyQrCode = lazyComponent<QrCodeProps>(() => import('qrcode.react').then((module) => module.QRCodeSVG));

export function QrCode(props: QrCodeProps) {
  return (
    <Suspense fallback={<div style={{ width: props.size, height: props.size }} aria-hidden="true" />}>
      <LazyQrCode {...props} />
    </Suspense>
  );
}

/** Starts fetching the QR code's chunk (when what will show one is pressed). */
QrCode.preload = LazyQrCode.preload;
