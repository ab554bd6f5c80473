/**
 * Issue 18: a random id this browser keeps (localStorage), reported once per
 * signed-in connection (`POST /api/account/device`), so that accounts signed
 * in from one browser are never matched against each other. It identifies
 * the browser to this site only; nothing else is read from the device.
 */
import { apiRequest } from './api-client';

const STORAGE_KEY = 'shifumi-device-id';
let reportedFor: string | null = null;

function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function deviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
    const created = base64Url(crypto.getRandomValues(new Uint8Array(18)));
    localStorage.setItem(STORAGE_KEY, created);
    return created;
  } catch {
    // Storage refused (private mode): an id for this page only.
    return base64Url(crypto.getRandomValues(new Uint8Array(18)));
  }
}

/** Reports the device for this access token's session (once per token); failures only cost the link. */
export function reportDevice(token: string | null): void {
  if (!token || reportedFor === token) return;
  reportedFor = token;
  apiRequest('/api/account/device', { method: 'POST', body: { deviceId: deviceId() } }).catch((error: unknown) => {
    reportedFor = null;
    console.warn('Device report failed:', error);
  });
}
