/**
 * Issue 18: the operator's console at /admin, a chunk of its own (players
 * never download it). It asks the server who is there (GET /api/admin/me):
 * the server checks the role on every call; this only decides what to show.
 */
import { staffMay, type StaffAction } from '@shifumi/protocol';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/api-error';
import { useT, type MessageKey } from '../../../lib/i18n/i18n';
import { useIsSignedIn } from '../../../lib/session-store';
import { useStaffMe } from '../api/admin-api';
import styles from './admin.module.css';
import { AuditPage } from './audit-page';
import { ConsoleNav } from './console-nav';
import { FlagsPage } from './flags-page';
import { GamePage, GamesPage } from './games-page';
import { OverviewPage } from './overview-page';
import { PlayerPage } from './player-page';
import { PlayersPage } from './players-page';
import { StuckPage } from './stuck-page';
import { WithdrawalsPage } from './withdrawals-page';

/** The console's sections and what reading each takes (the audit log is the admin's). */
const SECTIONS: ReadonlyArray<readonly [string, MessageKey, StaffAction]> = [
  ['overview', 'admin.nav.overview', 'read'],
  ['withdrawals', 'admin.nav.withdrawals', 'read'],
  ['stuck', 'admin.nav.stuck', 'read'],
  ['players', 'admin.nav.players', 'read'],
  ['games', 'admin.nav.games', 'read'],
  ['flags', 'admin.nav.flags', 'read'],
  ['audit', 'admin.nav.audit', 'readAudit'],
];

function StaffConsole() {
  const t = useT();
  const me = useStaffMe();
  if (me.isPending) return <Spinner />;
  if (me.isError) return <Notice tone="error">{userFacingMessage(me.error)}</Notice>;
  return (
    <div className={styles.console}>
      <ConsoleNav who={t('admin.nav.who', { name: me.data.name, role: t(`admin.roles.${me.data.role}`) })}>
        {SECTIONS.filter(([, , action]) => staffMay(me.data.role, action)).map(([path, label]) => (
          <NavLink key={path} to={`/admin/${path}`}>
            {t(label)}
          </NavLink>
        ))}
      </ConsoleNav>
      <Routes>
        <Route index element={<Navigate to="overview" replace />} />
        <Route path="overview" element={<OverviewPage />} />
        <Route path="withdrawals" element={<WithdrawalsPage />} />
        <Route path="stuck" element={<StuckPage />} />
        <Route path="players" element={<PlayersPage />} />
        <Route path="players/:userId" element={<PlayerPage />} />
        <Route path="games" element={<GamesPage />} />
        <Route path="games/:gameId" element={<GamePage />} />
        <Route path="flags" element={<FlagsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<Navigate to="overview" replace />} />
      </Routes>
    </div>
  );
}

export function AdminApp() {
  const t = useT();
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Notice tone="info">{t('admin.gate.notStaff')}</Notice>;
  return <StaffConsole />;
}
