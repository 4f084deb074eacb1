/** The users API (super only): fetchers, query keys and the account shape, checked with zod. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../../api-client.js';
import { messageByCode } from '../../../shared/errors.js';
import { userListSchema, userViewSchema, type UserRole, type UserView } from '../../../shared/users.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';

// The account contract lives in src/shared/users.ts; kept importable from here for the screens.
export {
  displayNameSchema,
  roleDescriptions,
  roleLabels,
  userListSchema,
  userRoles,
  userViewSchema,
  type UserList,
  type UserRole,
  type UserView,
} from '../../../shared/users.js';

export const usersPageSize = 20;

export function usersListQuery(q: string, page: number) {
  return queryOptions({
    queryKey: ['users', 'list', { q, page }],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ limit: String(usersPageSize), offset: String((page - 1) * usersPageSize) });
      if (q) params.set('q', q);
      return userListSchema.parse(await api<unknown>(`${apiPaths.users.list}?${params}`, { signal }));
    },
    placeholderData: keepPreviousData,
  });
}

export function userQuery(uid: string) {
  return queryOptions({
    queryKey: ['users', 'one', uid],
    queryFn: async ({ signal }) => userViewSchema.parse(await api<unknown>(pathTo(apiPaths.users.one, { uid }), { signal })),
  });
}

export interface NewUser {
  email: string;
  displayName: string;
  role: UserRole;
  password: string;
}

export async function createUser(body: NewUser): Promise<UserView> {
  return userViewSchema.parse(await api<unknown>(apiPaths.users.list, { method: 'POST', body }));
}

export interface UserPatch {
  displayName?: string;
  role?: UserRole;
  disabled?: boolean;
  password?: string;
}

export async function updateUser(uid: string, patch: UserPatch): Promise<UserView> {
  return userViewSchema.parse(await api<unknown>(pathTo(apiPaths.users.one, { uid }), { method: 'PATCH', body: patch }));
}

export async function deleteUser(uid: string): Promise<void> {
  await api<void>(pathTo(apiPaths.users.one, { uid }), { method: 'DELETE' });
}

/** The field a server refusal is about, for codes that name none. */
const fieldByCode: Partial<Record<string, keyof NewUser>> = {
  'auth/email-already-in-use': 'email',
  'auth/invalid-email': 'email',
  'auth/weak-password': 'password',
};

/** Per-field messages from a server refusal (ApiError.fields, ApiError.field, or the code). */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = { ...(err.fields ?? {}) };
  const field = err.field ?? fieldByCode[err.code];
  if (field && !out[field]) out[field] = err.code === 'invalid-argument' || err.code === 'auth/weak-password' ? stripFieldPrefix(err.message, field) : messageByCode[err.code];
  return out;
}

function stripFieldPrefix(message: string, field: string): string {
  return message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

/** What staff read when a users call fails. The last-super refusal keeps the server's explanation. */
export function userErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messageByCode.unknown;
  if (err.code === 'failed-precondition') return err.message;
  if (err.status === 0) return messageByCode.unavailable;
  return messageByCode[err.code];
}

export function formatWhen(iso: string | null): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Unknown';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
