/**
 * Staff accounts as the users API shows them: the roles, the account view and
 * the display-name rule, for the server's validation and the staff screens.
 * Password rules live in password-policy.ts.
 */
import { z } from 'zod';

/** Roles an account can hold, strongest first (access.ts adds `anonymous` for visitors). */
export const userRoles = ['super', 'admin', 'none'] as const;
export type UserRole = (typeof userRoles)[number];

export const roleLabels: Record<UserRole, string> = {
  super: 'Super-admin',
  admin: 'Admin',
  none: 'No access',
};

export const roleDescriptions: Record<UserRole, string> = {
  super: 'Everything, including user accounts, publications and site settings.',
  admin: 'Every page’s content, categories and supporters; not users, publications or site settings.',
  none: 'Can sign in but open nothing in the content manager.',
};

export const roleSchema = z.enum(userRoles, { error: 'The role must be super, admin or none.' });

/** An e-mail field of the staff forms, with what it says when empty (the server normalises and checks it again). */
export function emailFieldSchema(requiredMessage: string) {
  return z.string().trim().min(1, requiredMessage).pipe(z.email('That e-mail address does not look right.'));
}

export const displayNameMaxLength = 200;
export const displayNameSchema = z
  .string()
  .trim()
  .max(displayNameMaxLength, `The name must be at most ${displayNameMaxLength} characters long.`);

/** An account as the users API returns it (never the password hash). */
export const userViewSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(userRoles),
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** One page of `GET /api/users`. */
export const userListSchema = z.object({ users: z.array(userViewSchema), total: z.number().int().min(0) });
export type UserList = z.infer<typeof userListSchema>;
