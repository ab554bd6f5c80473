/**
 * Toast notifications. Everything imports them from here so the app uses the
 * unstyled build of react-toastify (its default build injects a <style> tag,
 * which the Content-Security-Policy forbids); the stylesheet is bundled instead.
 */
import { toast } from 'react-toastify/unstyled';

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
};
