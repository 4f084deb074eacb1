import { useMemo, type ReactNode } from 'react';
import type { AuthUser } from '../auth/use-auth.js';
import { menuFor } from './menu.js';
import { StaffLayout } from './staff-layout.js';

/** The admin layout: Home (the site's root) and the entries an admin may open. */
export function AdminLayout({ user, children }: { user: AuthUser; children: ReactNode }) {
  const menu = useMemo(() => menuFor('AdminLayout', user), [user]);
  return (
    <StaffLayout title="Admin Layout App" menu={menu}>
      {children}
    </StaffLayout>
  );
}
