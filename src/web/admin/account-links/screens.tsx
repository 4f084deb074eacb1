/**
 * The screens staff reach signed out: "Forgot your password?" (asks for a
 * link), the reset screen a mailed link opens, and the invitation screen. The
 * link's token is read from the address's fragment and then removed from the
 * address bar, so it is neither sent to the server in a URL nor left on screen.
 */
import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  accountLinkApi,
  accountLinkPaths,
  invitationCheckSchema,
  invitationRoleText,
  passwordResetCheckSchema,
  tokenFromFragment,
  type InvitationCheck,
  type PasswordResetCheck,
} from '../../../shared/account-links.js';
import { messageByCode } from '../../../shared/errors.js';
import type { AccountLinkScreen } from '../../../shared/routes.js';
import { displayNameMaxLength, emailFieldSchema, roleDescriptions } from '../../../shared/users.js';
import { api, ApiError } from '../../api-client.js';
import { usePasswordPolicy } from '../auth/password-policy.js';
import { accountEmailInputProps, StaffCard } from '../auth/staff-card.js';
import type { PasswordPolicy } from '../../../shared/password-policy.js';
import { staffSession } from '../auth/session.js';
import { passwordSchema, PolicyRules, showOnFields } from '../user-form/form-support.js';
import { useStaffTitle } from '../layouts/staff-title.js';

/** A failure in the words staff read: the server's own sentence for link problems, the catalogue's otherwise. */
function failureText(err: unknown): string {
  if (!(err instanceof ApiError)) return messageByCode.unknown;
  if (err.code === 'auth/expired-action-code' || err.code === 'auth/invalid-action-code' || err.code === 'auth/too-many-requests') return err.message;
  if (err.status === 0) return messageByCode['auth/network-request-failed'];
  return messageByCode[err.code];
}

function useTitle(title: string): void {
  useStaffTitle(title);
}

/** The token of the link that opened the screen; the fragment is then cleared from the address bar. */
function useLinkToken(): string | null {
  const [token] = useState(() => (typeof window === 'undefined' ? null : tokenFromFragment(window.location.hash)));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  return token;
}

/** An alert that takes the focus when it appears, so screen readers and keyboard users land on it. */
function FocusAlert({ color, title, children, role = 'alert' }: { color: string; title: string; children: ReactNode; role?: 'alert' | 'status' }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} color={color} variant="light" title={title} role={role} tabIndex={-1}>
      {children}
    </Alert>
  );
}

const backToSignIn = (
  <Anchor component={Link} to="/login" size="sm" ta="center">
    Back to sign-in
  </Anchor>
);

export function ForgotPasswordScreen() {
  useTitle('Forgot your password?');
  const schema = z.object({ email: emailFieldSchema('Enter your e-mail address.') });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const request = useMutation({
    mutationFn: (email: string) => api<{ message: string }>(accountLinkApi.passwordReset, { method: 'POST', body: { email }, anonymous: true }),
    onError: (err) => showOnFields(err, form.setError, ['email']),
  });
  const { errors } = form.formState;
  return (
    <StaffCard title="Forgot your password?" intro="Enter the e-mail address of your staff account. We will mail you a link to choose a new password.">
      {request.isSuccess ? (
        <FocusAlert color="green" title="Check your mail" role="status">
          {request.data.message}
        </FocusAlert>
      ) : (
        <form noValidate onSubmit={(e) => void form.handleSubmit((v) => request.mutate(v.email))(e)}>
          <Stack gap="md">
            {request.isError && !errors.email && (
              <FocusAlert color="red" title="The link could not be sent">
                {failureText(request.error)}
              </FocusAlert>
            )}
            <TextInput
              {...accountEmailInputProps}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" loading={request.isPending} fullWidth>
              Send me a link
            </Button>
          </Stack>
        </form>
      )}
      {backToSignIn}
    </StaffCard>
  );
}

interface RegisteredField {
  field: UseFormRegisterReturn;
  error?: string | undefined;
}

/** The new password and its repetition, under the policy, filed by password managers under the account's address. */
function NewPasswordFields(props: { email: string; policy: PasswordPolicy; labels: readonly [string, string]; autoFocus?: boolean; password: RegisteredField; confirm: RegisteredField }) {
  const { email, policy, labels, autoFocus, password, confirm } = props;
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordInput
        label={labels[0]}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        description={<PolicyRules policy={policy} />}
        error={password.error}
        aria-invalid={password.error ? true : undefined}
        {...password.field}
      />
      <PasswordInput
        label={labels[1]}
        autoComplete="new-password"
        required
        error={confirm.error}
        aria-invalid={confirm.error ? true : undefined}
        {...confirm.field}
      />
    </>
  );
}

const samePasswords = { path: ['confirm'], message: 'The two passwords are not the same.' };

/** The new password twice, under the server's policy. */
function useResetSchema() {
  const policy = usePasswordPolicy();
  const schema = useMemo(
    () => z.object({ password: passwordSchema(policy), confirm: z.string() }).refine((v) => v.password === v.confirm, samePasswords),
    [policy],
  );
  return { policy, schema };
}

/** The invitee's name and the password twice. */
function useInvitationSchema() {
  const policy = usePasswordPolicy();
  const schema = useMemo(
    () =>
      z
        .object({
          displayName: z
            .string()
            .trim()
            .min(1, 'Enter your name as colleagues should see it.')
            .max(displayNameMaxLength, `The name must be at most ${displayNameMaxLength} characters long.`),
          password: passwordSchema(policy),
          confirm: z.string(),
        })
        .refine((v) => v.password === v.confirm, samePasswords),
    [policy],
  );
  return { policy, schema };
}

/** Checks a link's token with the server before the form is shown. */
function useLinkCheck<T>(kind: 'reset' | 'invitation', token: string | null, parse: (v: unknown) => T) {
  return useQuery({
    queryKey: ['account-link', kind, token],
    queryFn: async () =>
      parse(await api<unknown>(kind === 'reset' ? accountLinkApi.passwordResetCheck : accountLinkApi.invitationCheck, { method: 'POST', body: { token }, anonymous: true })),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

function LinkProblem({ error, missing, again }: { error: unknown; missing: boolean; again: ReactNode }) {
  return (
    <>
      <FocusAlert color="red" title="This link does not work">
        {missing ? 'The address has no link code. Open the whole link from the mail again.' : failureText(error)}
      </FocusAlert>
      {again}
    </>
  );
}

export function ResetPasswordScreen() {
  useTitle('Choose a new password');
  const token = useLinkToken();
  const check = useLinkCheck<PasswordResetCheck>('reset', token, (v) => passwordResetCheckSchema.parse(v));
  const { policy, schema } = useResetSchema();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const confirm = useMutation({
    mutationFn: (password: string) => api<void>(accountLinkApi.passwordResetConfirm, { method: 'POST', body: { token, password }, anonymous: true }),
    onError: (err) => showOnFields(err, form.setError, ['password']),
  });
  const askAgain = (
    <Anchor component={Link} to={accountLinkPaths.forgotPassword} size="sm">
      Ask for a new link
    </Anchor>
  );
  const { errors } = form.formState;

  let body: ReactNode;
  if (token === null || check.isError) body = <LinkProblem error={check.error} missing={token === null} again={askAgain} />;
  else if (check.isPending) body = <Loader size="sm" aria-label="Checking the link" />;
  else if (confirm.isSuccess)
    body = (
      <>
        <FocusAlert color="green" title="Your password is changed" role="status">
          Sign in with your new password. Every device that was signed in to this account has been signed out.
        </FocusAlert>
        <Button component={Link} to="/login">
          Sign in
        </Button>
      </>
    );
  else
    body = (
      <form noValidate onSubmit={(e) => void form.handleSubmit((v) => confirm.mutate(v.password))(e)}>
        <Stack gap="md">
          <Text size="sm">
            For the account <strong>{check.data.email}</strong>.
          </Text>
          {confirm.isError && !errors.password && (
            <FocusAlert color="red" title="The password was not changed">
              {failureText(confirm.error)} {confirm.error instanceof ApiError && confirm.error.code.endsWith('action-code') ? askAgain : null}
            </FocusAlert>
          )}
          <NewPasswordFields
            email={check.data.email}
            policy={policy}
            labels={['New password', 'New password again']}
            autoFocus
            password={{ field: form.register('password'), error: errors.password?.message }}
            confirm={{ field: form.register('confirm'), error: errors.confirm?.message }}
          />
          <Button type="submit" loading={confirm.isPending} fullWidth>
            Save the new password
          </Button>
        </Stack>
      </form>
    );

  return (
    <StaffCard title="Choose a new password">
      {body}
      {backToSignIn}
    </StaffCard>
  );
}

export function AcceptInvitationScreen() {
  useTitle('Accept the invitation');
  const navigate = useNavigate();
  const token = useLinkToken();
  const check = useLinkCheck<InvitationCheck>('invitation', token, (v) => invitationCheckSchema.parse(v));
  const { policy, schema } = useInvitationSchema();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { displayName: '', password: '', confirm: '' },
  });
  const accept = useMutation({
    mutationFn: async (v: { displayName: string; password: string }) =>
      staffSession.adopt(await api<unknown>(accountLinkApi.invitationAccept, { method: 'POST', body: { token, displayName: v.displayName, password: v.password }, anonymous: true })),
    onSuccess: () => void navigate('/', { replace: true }),
    onError: (err) => showOnFields(err, form.setError, ['displayName', 'password']),
  });
  const { errors } = form.formState;

  let body: ReactNode;
  if (token === null || check.isError) body = <LinkProblem error={check.error} missing={token === null} again={null} />;
  else if (check.isPending) body = <Loader size="sm" aria-label="Checking the invitation" />;
  else
    body = (
      <form noValidate onSubmit={(e) => void form.handleSubmit((v) => accept.mutate(v))(e)}>
        <Stack gap="md">
          <Text size="sm">
            You are invited to the content manager of <strong>{check.data.organisation}</strong> as <strong>{invitationRoleText(check.data.role)}</strong>:{' '}
            {roleDescriptions[check.data.role]} You will sign in as <strong>{check.data.email}</strong>.
          </Text>
          {accept.isError && !errors.password && !errors.displayName && (
            <FocusAlert color="red" title="The invitation could not be accepted">
              {failureText(accept.error)}
            </FocusAlert>
          )}
          <TextInput
            label="Your name"
            description="As colleagues will see it."
            autoComplete="name"
            required
            autoFocus
            error={errors.displayName?.message}
            {...form.register('displayName')}
          />
          <NewPasswordFields
            email={check.data.email}
            policy={policy}
            labels={['Choose a password', 'The password again']}
            password={{ field: form.register('password'), error: errors.password?.message }}
            confirm={{ field: form.register('confirm'), error: errors.confirm?.message }}
          />
          <Button type="submit" loading={accept.isPending} fullWidth>
            Create my account
          </Button>
        </Stack>
      </form>
    );

  return <StaffCard title="Accept the invitation">{body}</StaffCard>;
}

export const accountLinkScreens: Record<AccountLinkScreen, ComponentType> = {
  forgotPassword: ForgotPasswordScreen,
  resetPassword: ResetPasswordScreen,
  acceptInvitation: AcceptInvitationScreen,
};
