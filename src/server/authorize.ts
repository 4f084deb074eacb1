/** The one gate of every server action, over the policy table of src/shared/access.ts. */
import { can, type Action, type Principal, type Subject } from '../shared/access.js';
import { AppError } from '../shared/errors.js';

/** Who asks for a change, as the domains and their audit lines want it. */
export interface Caller {
  principal: Principal | null;
  ip: string | null;
  /** The write's Idempotency-Key (shared/request-key.ts), read once the caller may write; absent for work the server does itself. */
  requestKey?: () => string | null;
}

/** Why a signed-in user is refused, where the subject says more than the generic message. */
const refusalBySubject: Partial<Record<Subject['type'], string>> = {
  users: 'Only a super-admin can manage user accounts.',
  audit: 'Only a super-admin can read the audit log.',
};

/** 401 for a visitor, 403 for a signed-in user without the right. */
export function authorize(principal: Principal | null, action: Action, subject: Subject): void {
  if (can(principal, action, subject)) return;
  if (!principal) throw new AppError('unauthenticated');
  const message = refusalBySubject[subject.type];
  throw message ? new AppError('permission-denied', message) : new AppError('permission-denied');
}
