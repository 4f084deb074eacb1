/**
 * /login (docs/spec-conformance.md, "Staff layouts, sign-in and session"): e-mail and password, checked before
 * sending; every identity error in plain words; a signed-in user goes to /,
 * and after signing in the user lands where they were going. A page of the
 * public site (`/` first of all) is then loaded whole, as the server renders
 * it, so it comes with the staff bar (public/edit-link.ts) at once; a staff
 * screen opens in the app.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, matchPath, Navigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { accountLinkPaths } from '../../../shared/account-links.js';
import { sectionCollectionOfPath } from '../../../shared/registry-index.js';
import { staffPaths } from '../../../shared/routes.js';
import { messageByCode } from '../../../shared/errors.js';
import { emailFieldSchema } from '../../../shared/users.js';
import { passwordLength } from '../../../shared/password-policy.js';
import { ApiError } from '../../api-client.js';
import { isTwoFactorLocked, mustEnrolTwoFactor } from '../../../shared/two-factor.js';
import { safeNextPath } from './next-path.js';
import { SecondFactorStep } from './second-factor-step.js';
import { secondFactorChallenge } from './session.js';
import { usePasswordPolicy } from './password-policy.js';
import { useAuth, useSignOutReason } from './use-auth.js';
import { PageLoader } from '../layouts/page-loader.js';
import { useStaffTitle } from '../layouts/staff-title.js';
import { accountEmailInputProps, StaffCard } from './staff-card.js';

/** Whether a path (with its query and hash) is a staff screen's, opened inside the app; anything else is the public site's. */
export function isStaffAppPath(to: string): boolean {
  const pathname = new URL(to, 'http://localhost').pathname;
  return staffPaths.some((path) => matchPath({ path, end: true }, pathname) !== null) || sectionCollectionOfPath(pathname) !== null;
}

/** A public page after signing in: loaded whole, so the public entry runs and shows the staff bar. */
function PublicLanding({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return <PageLoader label="Opening the site" />;
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What a failed sign-in says, from the error catalogue. */
export function signInErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messageByCode.unknown;
  // Locked after too many wrong codes: the server's words say who can undo it.
  if (isTwoFactorLocked(err.details)) return err.message;
  if (err.code === 'auth/too-many-requests' || err.code === 'resource-exhausted') {
    return err.retryAfter ? `Too many attempts. Wait ${waitInWords(err.retryAfter)} and try again.` : messageByCode['auth/too-many-requests'];
  }
  if (err.status === 0 || err.code === 'unavailable') return messageByCode['auth/network-request-failed'];
  return messageByCode[err.code];
}

export function Component() {
  const { status, user, signIn } = useAuth();
  const reason = useSignOutReason();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const policy = usePasswordPolicy();
  const [error, setError] = useState<string | null>(null);
  // Set when the password was right and the account asks for a second step.
  const [challenge, setChallenge] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // Where a successful sign-in goes; a user already signed in who opens /login goes to /.
  const target = useRef<string | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        email: emailFieldSchema('Enter your e-mail address.'),
        password: z
          .string()
          .min(1, 'Enter your password.')
          .refine((v) => passwordLength(v) <= policy.maxLength, `A password has at most ${policy.maxLength} characters.`),
      }),
    [policy.maxLength],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  useStaffTitle('Sign in');

  if (status === 'loading') return <PageLoader label="Restoring your session" />;
  // Someone the site requires to use two-factor sign-in, who has not turned it on, sets it up first.
  if (status === 'signed-in') {
    const to = mustEnrolTwoFactor(user?.twoFactor) ? '/account' : (target.current ?? '/');
    return isStaffAppPath(to) ? <Navigate to={to} replace /> : <PublicLanding to={to} />;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    target.current = next ?? '/';
    try {
      await signIn(values.email, values.password);
    } catch (err) {
      form.setValue('password', '');
      const c = secondFactorChallenge(err);
      if (c) return setChallenge(c);
      target.current = null;
      setError(signInErrorMessage(err));
    }
  });

  const reasonText = reason && reason !== 'user' ? messageByCode[reason] : null;
  const { errors, isSubmitting } = form.formState;

  return (
    <StaffCard title="Staff sign-in" intro={challenge ? undefined : 'Sign in to manage the website’s content.'}>
      {challenge ? (
        <SecondFactorStep
          challenge={challenge}
          errorMessage={signInErrorMessage}
          onRestart={(message) => {
            setChallenge(null);
            target.current = null;
            setError(message);
          }}
        />
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            {reasonText && !error && (
              <Alert color="orange" variant="light" title={reason === 'auth/network-request-failed' ? 'Cannot reach the server' : 'You have been signed out'} role="status">
                {reasonText}
              </Alert>
            )}
            {error && (
              <Alert ref={errorRef} color="red" variant="light" title="Could not sign in" role="alert" tabIndex={-1}>
                {error}
              </Alert>
            )}
            <TextInput
              {...accountEmailInputProps}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              error={errors.password?.message}
              // Mantine marks the inner input data-invalid only; screen readers need aria-invalid.
              aria-invalid={errors.password ? true : undefined}
              {...form.register('password')}
            />
            <Button type="submit" loading={isSubmitting} fullWidth>
              Sign in
            </Button>
            <Anchor component={Link} to={accountLinkPaths.forgotPassword} size="sm" ta="center">
              Forgot your password?
            </Anchor>
            <Anchor component={Link} to="/" size="sm" ta="center">
              Back to the website
            </Anchor>
          </Stack>
        </form>
      )}
    </StaffCard>
  );
}
