/**
 * The toasts' container (5 s, spec S9.03), in its own chunk with
 * react-toastify and its stylesheet: fetched with the first toast (lib/toast.ts).
 */
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import './toast-container.css';
import { useEffect } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '@shifumi/protocol/constants';
import { toastContainerMounted } from '../lib/toast';

export default function Toasts() {
  // Toasts raised before this mounted (or during a development double mount) wait in lib/toast.ts until it has.
  useEffect(() => toastContainerMounted(), []);
  return <ToastContainer position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="dark" newestOnTop pauseOnFocusLoss />;
}
