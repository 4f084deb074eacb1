/** The own-account API for the account screen: the account, the password, two-factor sign-in and the sessions. */
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../api-client.js';
import type { AccountView, RecoveryCodesAnswer, SessionsAnswer, TwoFactorSetup } from '../../../shared/account.js';
import { messageByCode } from '../../../shared/errors.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';

export const accountKey = ['account'] as const;
export const sessionsKey = ['account', 'sessions'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: () => api<AccountView>(apiPaths.account.account) });
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => api<SessionsAnswer>(apiPaths.account.sessions) });
}

export const renameAccount = (displayName: string) => api<AccountView>(apiPaths.account.account, { method: 'PATCH', body: { displayName } });
export const changePassword = (currentPassword: string, newPassword: string) =>
  api<void>(apiPaths.account.password, { method: 'POST', body: { currentPassword, newPassword } });
export const startTwoFactorSetup = () => api<TwoFactorSetup>(apiPaths.auth.secondFactorSetup, { method: 'POST' });
export const enableTwoFactor = (password: string, code: string) =>
  api<RecoveryCodesAnswer>(apiPaths.auth.secondFactorEnable, { method: 'POST', body: { password, code } });
export const disableTwoFactor = (proof: { code: string } | { password: string }) => api<void>(apiPaths.auth.secondFactor, { method: 'DELETE', body: proof });
export const endSession = (id: string) => api<void>(pathTo(apiPaths.account.session, { id }), { method: 'DELETE' });
export const endOtherSessions = () => api<void>(apiPaths.account.signOutOthers, { method: 'POST' });

/** What a failed call says to the user: the server's own sentence when it has one. */
export function accountErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.status === 0 ? messageByCode['auth/network-request-failed'] : err.message;
  return messageByCode.unknown;
}

/** The message the server put on one field, if any. */
export function fieldMessage(err: unknown, field: string): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.fields?.[field]) return err.fields[field];
  return err.field === field ? err.message : null;
}
