import { useMemo, type ReactNode } from 'react';
import type { AuthUser } from '../auth/use-auth.js';
import { BackupFailureNotice } from '../backups/failure-notice.js';
import { menuFor } from './menu.js';
import { StaffLayout } from './staff-layout.js';

/** The super layout: every entry, users, site settings and backups included; a failed backup is announced above every screen. */
export function SuperLayout({ user, children }: { user: AuthUser; children: ReactNode }) {
  const menu = useMemo(() => menuFor('SuperLayout', user), [user]);
  return (
    <StaffLayout title="Super Layout" menu={menu}>
      <BackupFailureNotice user={user} />
      {children}
    </StaffLayout>
  );
}
