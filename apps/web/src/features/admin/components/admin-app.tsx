/**
 * Issue 18: the operator's console at /admin, a chunk of its own (players
 * never download it). It asks the server who is there (GET /api/admin/me):
 * the server checks the role on every call; this only decides what to show.
 */
import { ADMIN_TEXTS, staffMay, type StaffAction } from '@shifumi/protocol';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/api-error';
import { useIsSignedIn } from '../../../lib/session-store';
import { useStaffMe } from '../api/admin-api';
import styles from './admin.module.css';
import { AuditPage } from './audit-page';
import { FlagsPage } from './flags-page';
import { GamePage, GamesPage } from './games-page';
import { OverviewPage } from './overview-page';
import { PlayerPage } from './player-page';
import { PlayersPage } from './players-page';
import { StuckPage } from './stuck-page';
import { WithdrawalsPage } from './withdrawals-page';

/** The console's sections and what reading each takes (the audit log is the admin's). */
const SECTIONS: ReadonlyArray<readonly [string, string, StaffAction]> = [
  ['overview', 'Overview', 'read'],
  ['withdrawals', 'Withdrawals', 'read'],
  ['stuck', 'Stuck', 'read'],
  ['players', 'Players', 'read'],
  ['games', 'Games', 'read'],
  ['flags', 'Flags', 'read'],
  ['audit', 'Audit log', 'readAudit'],
];

function StaffConsole() {
  const me = useStaffMe();
  if (me.isPending) return <Spinner />;
  if (me.isError) return <Notice tone="error">{userFacingMessage(me.error)}</Notice>;
  return (
    <div className={styles.console}>
      <nav className={styles.nav} aria-label="Console">
        <span className={styles.role}>
          {me.data.name} · {me.data.role}
        </span>
        {SECTIONS.filter(([, , action]) => staffMay(me.data.role, action)).map(([path, label]) => (
          <NavLink key={path} to={`/admin/${path}`}>
            {label}
          </NavLink>
        ))}
      </nav>
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
  const signedIn = useIsSignedIn();
  if (!signedIn) return <Notice tone="info">{ADMIN_TEXTS.notStaff} Sign in with a staff account.</Notice>;
  return <StaffConsole />;
}
