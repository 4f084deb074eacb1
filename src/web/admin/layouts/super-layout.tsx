import { useMemo, type ReactNode } from 'react';
import type { AuthUser } from '../auth/use-auth.js';
import { BackupFailureNotice } from '../backups/failure-notice.js';
import { mustEnrolTwoFactor } from '../../../shared/two-factor.js';
import { useSitePages } from '../pages/site-pages.js';
import { menuFor } from './menu.js';
import { StaffLayout } from './staff-layout.js';

/** The super layout: every entry, users, site settings and backups included; a failed backup is announced above every screen. */
export function SuperLayout({ user, children }: { user: AuthUser; children: ReactNode }) {
  // The collections' groups follow the site's pages as editors shape them (one query the Pages screens share);
  // not asked while the account must first turn on two-factor sign-in (the server would refuse).
  const pages = useSitePages(!mustEnrolTwoFactor(user.twoFactor)).data ?? null;
  const menu = useMemo(() => menuFor('SuperLayout', user, pages), [user, pages]);
  return (
    <StaffLayout title="Super Layout" menu={menu}>
      <BackupFailureNotice user={user} />
      {children}
    </StaffLayout>
  );
}
