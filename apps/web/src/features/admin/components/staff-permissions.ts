/**
 * Issue 23: what the signed-in staff member may do, for hiding and disabling
 * the console's buttons. The server decides (role, four-eyes rules, inside
 * each action's transaction); this only spares staff a button that would be
 * refused, and says why (in the console's language, issue 27).
 */
import { fourEyesRefusalFor, staffMay, type StaffAction, type StaffRole } from '@shifumi/protocol';
import type { ADMIN_EN } from '@shifumi/protocol/catalogue/en/admin';
import { translate } from '../../../lib/i18n/i18n';
import { useStaffMe } from '../api/admin-api';

type OwnCaseAction = keyof typeof ADMIN_EN.ownCase;
type Owner = { userId: string; role: StaffRole | null } | null;

export interface StaffPermissions {
  userId: string;
  role: StaffRole;
  /** The role allows this action (the console hides what it does not). */
  may: (action: StaffAction) => boolean;
  /** Why this staff member may not act on the case of these accounts (their own, or a staff account's and they are not admin), or undefined. */
  refusalOn: (action: OwnCaseAction, owners: Owner[]) => string | undefined;
}

/** The signed-in staff member's permissions (undefined until /api/admin/me answered). */
export function useStaffPermissions(): StaffPermissions | undefined {
  const me = useStaffMe();
  if (!me.data) return undefined;
  const staff = { userId: me.data.userId, role: me.data.role };
  return {
    ...staff,
    may: (action) => staffMay(staff.role, action),
    refusalOn: (action, owners) => {
      const refused = fourEyesRefusalFor(staff, owners);
      if (refused === undefined) return undefined;
      return refused === 'own_case' ? translate(`admin.ownCase.${action}`) : translate('admin.staffAccountAdminOnly');
    },
  };
}
