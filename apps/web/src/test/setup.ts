import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { reloadSessionFromStorage } from '../lib/session-store';

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  reloadSessionFromStorage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  vi.useRealTimers();
});
