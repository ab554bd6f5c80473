/**
 * Issue 18: /admin. Asks the server first (GET /api/admin/me, which checks
 * the role); only staff then fetch the console's chunk, so players — even one
 * who types /admin — never download it.
 */
import { useQuery } from '@tanstack/react-query';
import { Notice } from '../components/ui/notice';
import { Spinner } from '../components/ui/spinner';
import { apiRequest } from '../lib/api-client';
import { lazyComponent } from '../lib/lazy-component';
import { useIsSignedIn } from '../lib/session-store';
import { userFacingMessage } from '../lib/api-error';
import { useT } from '../lib/i18n/i18n';
import { ADMIN_TEXTS } from '../lib/i18n/page-namespaces';
import { WithNamespace } from '../lib/i18n/with-namespace';

const StaffConsole = lazyComponent(() => import('../features/admin/components/admin-app').then((module) => module.AdminApp));

function StaffGate() {
  const me = useQuery({
    queryKey: ['admin', 'gate'],
    queryFn: ({ signal }) => apiRequest('/api/admin/me', { method: 'GET', signal }),
    retry: false,
  });
  if (me.isPending) return <Spinner />;
  if (me.isError) return <Notice tone="error">{userFacingMessage(me.error)}</Notice>;
  return <StaffConsole />;
}

/** The console's texts (issue 27) come with its gate: a visitor who types /admin reads why in their language. */
export function AdminRoute() {
  return (
    <WithNamespace name="admin" loaders={ADMIN_TEXTS}>
      <AdminGate />
    </WithNamespace>
  );
}

function AdminGate() {
  const t = useT();
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Notice tone="info">{t('admin.gate.notStaff')}</Notice>;
  return <StaffGate />;
}
