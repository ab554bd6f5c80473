/**
 * Issue 18: /admin. Asks the server first (GET /api/admin/me, which checks
 * the role); only staff then fetch the console's chunk, so players — even one
 * who types /admin — never download it.
 */
import { useQuery } from '@tanstack/react-query';
import { ADMIN_TEXTS } from '@shifumi/protocol/admin-texts';
import { Notice } from '../components/ui/notice';
import { Spinner } from '../components/ui/spinner';
import { apiRequest } from '../lib/api-client';
import { lazyComponent } from '../lib/lazy-component';
import { useIsSignedIn } from '../lib/session-store';
import { userFacingMessage } from '../lib/api-error';

const StaffConsole = lazyComponent(() => import('../features/admin/components/admin-app').then((module) => module.AdminApp));

function StaffGate() {
  const me = useQuery({ queryKey: ['admin', 'gate'], queryFn: ({ signal }) => apiRequest('/api/admin/me', { method: 'GET', signal }), retry: false });
  if (me.isPending) return <Spinner />;
  if (me.isError) return <Notice tone="error">{userFacingMessage(me.error)}</Notice>;
  return <StaffConsole />;
}

export function AdminRoute() {
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Notice tone="info">{ADMIN_TEXTS.notStaff} Sign in with a staff account.</Notice>;
  return <StaffGate />;
}
