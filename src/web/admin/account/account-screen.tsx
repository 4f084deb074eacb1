/**
 * /account: every staff member's own account. The name, a new password (the
 * current one is asked for; other sessions end), two-factor sign-in and the
 * places where the account is signed in. Someone the site requires to use
 * two-factor sign-in is brought here until they have turned it on.
 */
import { useState } from 'react';
import { Alert, Button, Group, List, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mustEnrolTwoFactor } from '../../../shared/two-factor.js';
import { describePolicy, passwordProblem } from '../../../shared/password-policy.js';
import { displayNameMaxLength } from '../../../shared/users.js';
import { RequireSignIn } from '../auth/guard.js';
import { usePasswordPolicy } from '../auth/password-policy.js';
import { staffSession } from '../auth/session.js';
import { useAuth } from '../auth/use-auth.js';
import { ContentLoader, LoadFailed, Screen } from '../content/screen.js';
import { accountErrorMessage, accountKey, changePassword, fieldMessage, renameAccount, sessionsKey, useAccount } from './api.js';
import { SessionsSection } from './sessions-section.js';
import { TwoFactorSection } from './two-factor-section.js';
import { useStaffTitle } from '../layouts/staff-title.js';

function NameSection({ displayName, email }: { displayName: string; email: string }) {
  const client = useQueryClient();
  const [name, setName] = useState(displayName);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => renameAccount(name),
    onSuccess: (account) => {
      client.setQueryData(accountKey, account);
      // The header shows the name from the session: renew it so the new name shows at once.
      void staffSession.refresh();
      notifications.show({ color: 'green', message: 'Your name was saved.' });
    },
    onError: (err) => setError(fieldMessage(err, 'displayName') ?? accountErrorMessage(err)),
  });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="name-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (name.trim().length > displayNameMaxLength) return setError(`The name must be at most ${displayNameMaxLength} characters long.`);
          mutation.mutate();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="name-title">
            Your name
          </Title>
          <Text size="sm">
            You sign in as <strong>{email}</strong>. Your name is shown to your colleagues beside the changes you make.
          </Text>
          <TextInput label="Name" autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} aria-invalid={error ? true : undefined} />
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordSection() {
  const policy = usePasswordPolicy();
  const client = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string | undefined; next?: string | undefined }>({});
  const mutation = useMutation({
    mutationFn: () => changePassword(current, next),
    onSuccess: async () => {
      setCurrent('');
      setNext('');
      // Tokens issued before the change are refused now: renew this session's before anything else.
      await staffSession.refresh();
      await client.invalidateQueries({ queryKey: sessionsKey });
      notifications.show({ color: 'green', title: 'Password changed', message: 'You stay signed in here; every other browser and device was signed out.' });
    },
    onError: (err) => {
      const onCurrent = fieldMessage(err, 'currentPassword');
      const onNext = fieldMessage(err, 'newPassword');
      setErrors({ current: onCurrent ?? undefined, next: onNext ?? (onCurrent ? undefined : accountErrorMessage(err)) });
    },
  });
  const rulesId = 'new-password-rules';
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="password-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const problems = { current: current ? undefined : 'Enter your current password.', next: passwordProblem(next, policy) ?? undefined };
          setErrors(problems);
          if (!problems.current && !problems.next) mutation.mutate();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="password-title">
            Password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.current}
            aria-invalid={errors.current ? true : undefined}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={errors.next}
            aria-invalid={errors.next ? true : undefined}
            aria-describedby={rulesId}
          />
          <List size="sm" id={rulesId} spacing={2}>
            {describePolicy(policy).map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Changing it signs you out on every other browser and device.
          </Text>
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function AccountContent() {
  const { user } = useAuth();
  const query = useAccount();
  const mustEnrol = mustEnrolTwoFactor(user?.twoFactor);
  useStaffTitle('Your account');
  return (
    <Stack gap="lg">
      <Title order={1}>Your account</Title>
      {mustEnrol && (
        <Alert color="orange" variant="light" title="Turn on two-factor sign-in to continue" role="status">
          Your organisation requires a code from an authenticator app when you sign in. Set it up below; the rest of the content manager opens once it is on.
        </Alert>
      )}
      {query.isPending ? (
        <ContentLoader label="Loading your account" />
      ) : query.isError ? (
        <LoadFailed title="Your account could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <NameSection displayName={query.data.displayName} email={query.data.email} />
          <PasswordSection />
          <TwoFactorSection account={query.data} />
          <SessionsSection />
        </>
      )}
    </Stack>
  );
}

export function AccountScreen() {
  return (
    <RequireSignIn>
      <Screen>
        <AccountContent />
      </Screen>
    </RequireSignIn>
  );
}
