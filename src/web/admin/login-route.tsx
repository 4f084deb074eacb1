/**
 * /login (SPEC.md sections 2 and 4): e-mail and password, checked before
 * sending; every identity error in plain words; a signed-in user goes to /,
 * and after signing in the user lands where they were going.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { messageByCode } from '../../shared/errors.js';
import { passwordLength } from '../../shared/password-policy.js';
import { ApiError } from '../api-client.js';
import { safeNextPath } from './auth/next-path.js';
import { usePasswordPolicy } from './auth/password-policy.js';
import { useAuth, useSignOutReason } from './auth/use-auth.js';
import { PageLoader } from './layouts/page-loader.js';

function waitInWords(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What a failed sign-in says, from the error catalogue. */
export function signInErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messageByCode.unknown;
  if (err.code === 'auth/too-many-requests' || err.code === 'resource-exhausted') {
    return err.retryAfter ? `Too many attempts. Wait ${waitInWords(err.retryAfter)} and try again.` : messageByCode['auth/too-many-requests'];
  }
  if (err.status === 0 || err.code === 'unavailable') return messageByCode['auth/network-request-failed'];
  return messageByCode[err.code];
}

export function Component() {
  const { status, signIn } = useAuth();
  const reason = useSignOutReason();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const policy = usePasswordPolicy();
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // Where a successful sign-in goes; a user already signed in who opens /login goes to /.
  const target = useRef<string | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        email: z.string().trim().min(1, 'Enter your e-mail address.').pipe(z.email('That e-mail address does not look right.')),
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

  useEffect(() => {
    document.title = 'Sign in · Staff';
  }, []);

  if (status === 'loading') return <PageLoader label="Restoring your session" />;
  if (status === 'signed-in') return <Navigate to={target.current ?? '/'} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    target.current = next ?? '/';
    try {
      await signIn(values.email, values.password);
    } catch (err) {
      target.current = null;
      setError(signInErrorMessage(err));
      form.setValue('password', '');
    }
  });

  const reasonText = reason && reason !== 'user' ? messageByCode[reason] : null;
  const { errors, isSubmitting } = form.formState;

  return (
    <main className="staff-login">
      <Paper component="section" withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420} aria-labelledby="login-title">
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            {/* The organisation's logo; the heading names the page, so it is decorative. */}
            <img src="/logo.svg" alt="" height={48} className="staff-login-logo" />
            <Title order={1} id="login-title" size="h2">
              Staff sign-in
            </Title>
            <Text size="sm" c="dimmed">
              Sign in to manage the website’s content.
            </Text>
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
              label="E-mail address"
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              autoFocus
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
            <Anchor component={Link} to="/" size="sm" ta="center">
              Back to the website
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </main>
  );
}
