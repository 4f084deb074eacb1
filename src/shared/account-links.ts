/**
 * Links sent by mail that let staff look after their own accounts: password
 * reset and invitations. One place for the screens' paths, the API's paths,
 * how long a link lasts, the request and answer shapes, and the words both
 * sides use. The token travels in the link's fragment (`#token=…`), which
 * browsers never send to a server, so it appears in no access log; the screen
 * posts it in a request body.
 */
import { z } from 'zod';
import { apiPaths, pathTo } from './api-paths.js';
import { displayNameSchema, roleLabels } from './users.js';

/** The staff screens the mails link to, and the one that asks for a reset. */
export const accountLinkPaths = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  acceptInvitation: '/accept-invitation',
} as const;

/** The API paths of the links (patterns in api-paths.ts). */
export const accountLinkApi = {
  passwordReset: apiPaths.auth.passwordReset,
  passwordResetCheck: apiPaths.auth.passwordResetCheck,
  passwordResetConfirm: apiPaths.auth.passwordResetConfirm,
  invitationCheck: apiPaths.auth.invitationCheck,
  invitationAccept: apiPaths.auth.invitationAccept,
  invitations: apiPaths.users.invitations,
} as const;

export function invitationPath(id: string): string {
  return pathTo(apiPaths.users.invitation, { id });
}

export function invitationResendPath(id: string): string {
  return pathTo(apiPaths.users.invitationResend, { id });
}

/** How long each kind of link works, in seconds. */
export const actionCodeLifetimeSeconds = {
  'password-reset': 30 * 60,
  invitation: 7 * 24 * 60 * 60,
} as const;
export type ActionCodePurpose = keyof typeof actionCodeLifetimeSeconds;

/** The name of the fragment parameter that carries a link's token. */
export const linkTokenParam = 'token';

/** The link a mail carries: the public URL, a staff path and the token in the fragment. */
export function actionLink(publicUrl: string, path: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}#${linkTokenParam}=${encodeURIComponent(token)}`;
}

/** The token of a link's fragment (`#token=…`), or null. */
export function tokenFromFragment(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get(linkTokenParam);
  return value && value.length > 0 ? value : null;
}

/** Tokens are 32 random bytes in base64url (43 characters); anything much longer is not one. */
export const tokenSchema = z.string({ error: 'The link is incomplete.' }).trim().min(1, 'The link is incomplete.').max(200, 'The link is not valid.');

/** A reset is asked for without an account, so the words never say whether the address has one. */
export const passwordResetRequestedMessage =
  'If an account uses this address, a mail with a link to choose a new password is on its way. The link works once, for 30 minutes.';

export const passwordResetRequestSchema = z.strictObject({ email: z.string({ error: 'The e-mail address is required.' }).max(320, 'That e-mail address is too long.') });
export const passwordResetConfirmSchema = z.strictObject({ token: tokenSchema, password: z.string({ error: 'The password is required.' }) });
export const tokenCheckSchema = z.strictObject({ token: tokenSchema });

/** The answer of `POST /api/auth/password-reset` (202, whatever the address). */
export interface PasswordResetRequested {
  message: string;
}

/** What a valid reset link is for (the screen shows the address). */
export const passwordResetCheckSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type PasswordResetCheck = z.infer<typeof passwordResetCheckSchema>;

/** Roles a colleague can be invited with (an account without access is made on the users screen). */
export const invitationRoles = ['admin', 'super'] as const;
export type InvitationRole = (typeof invitationRoles)[number];
export const invitationRoleSchema = z.enum(invitationRoles, { error: 'An invitation gives the role admin or super.' });

export const invitationCreateSchema = z.strictObject({
  email: z.string({ error: 'The e-mail address is required.' }).max(320, 'That e-mail address is too long.'),
  role: invitationRoleSchema,
});

export const invitationAcceptSchema = z.strictObject({
  token: tokenSchema,
  displayName: displayNameSchema.pipe(z.string().min(1, 'Enter your name as colleagues should see it.')),
  password: z.string({ error: 'The password is required.' }),
});

/** A pending invitation as the users screen lists it. */
export const invitationViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitationRoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** `expired`: the link no longer works; resend makes a new one. */
  status: z.enum(['pending', 'expired']),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;
export const invitationListSchema = z.object({ invitations: z.array(invitationViewSchema) });

/** What a valid invitation link offers (the screen shows it before the invitee chooses a password). */
export const invitationCheckSchema = z.object({ email: z.string(), role: invitationRoleSchema, organisation: z.string(), expiresAt: z.string() });
export type InvitationCheck = z.infer<typeof invitationCheckSchema>;

export function invitationRoleText(role: InvitationRole): string {
  return roleLabels[role];
}
