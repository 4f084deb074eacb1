/**
 * Guards a staff screen (design.md section 5): a signed-out visitor goes to
 * /login, a signed-in user without the route's marks goes to /. Not built yet.
 */
import type { ReactNode } from 'react';
import type { RouteMark } from '../../../shared/access.js';

export function RequireMarks({ marks: _marks, children }: { marks: readonly RouteMark[]; children: ReactNode }) {
  return <>{children}</>;
}
