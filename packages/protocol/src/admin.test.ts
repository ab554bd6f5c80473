import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from './constants';
import { STAFF_ACTION_ROLES, fourEyesRefusalFor, staffMay } from './admin';

describe('staff roles and four eyes (issue 23)', () => {
  it("the roles table: reading is everyone's, money is finance's, players are support's, the audit log and roles the admin's, and admin may everything", () => {
    for (const action of Object.keys(STAFF_ACTION_ROLES) as Array<keyof typeof STAFF_ACTION_ROLES>)
      expect(staffMay('admin', action), action).toBe(true);
    expect(STAFF_ROLES.map((role) => staffMay(role, 'read'))).toEqual([true, true, true]);
    expect(staffMay('finance', 'decideWithdrawal')).toBe(true);
    expect(staffMay('support', 'decideWithdrawal')).toBe(false);
    expect(staffMay('finance', 'actOnPlayer')).toBe(false);
    expect(staffMay('support', 'actOnPlayer')).toBe(true);
    // Decision 029: taking over an overdue game is admin's and support's.
    expect(staffMay('support', 'takeOverGame')).toBe(true);
    expect(staffMay('finance', 'takeOverGame')).toBe(false);
    expect(staffMay('finance', 'readAudit')).toBe(false);
    expect(staffMay('support', 'manageStaff')).toBe(false);
  });

  it('own case for everyone, admins included; a staff account for admins only; players for anyone the role allows', () => {
    const me = { userId: 'me', role: 'finance' as const };
    expect(fourEyesRefusalFor(me, [{ userId: 'me', role: 'finance' }])).toBe('own_case');
    expect(
      fourEyesRefusalFor({ userId: 'me', role: 'admin' }, [
        { userId: 'other', role: null },
        { userId: 'me', role: 'admin' },
      ]),
    ).toBe('own_case');
    expect(fourEyesRefusalFor(me, [{ userId: 'colleague', role: 'finance' }])).toBe('staff_account');
    expect(
      fourEyesRefusalFor({ userId: 'me', role: 'support' }, [
        { userId: 'player', role: null },
        { userId: 'boss', role: 'admin' },
      ]),
    ).toBe('staff_account');
    expect(fourEyesRefusalFor({ userId: 'me', role: 'admin' }, [{ userId: 'colleague', role: 'finance' }])).toBeUndefined();
    expect(fourEyesRefusalFor(me, [{ userId: 'player', role: null }, null])).toBeUndefined();
    expect(fourEyesRefusalFor(me, [])).toBeUndefined();
  });
});
