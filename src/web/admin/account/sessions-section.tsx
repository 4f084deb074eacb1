/** Where the account is signed in: each browser or device, this one marked, with signing one or all others out. */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionView } from '../../../shared/account.js';
import { ContentLoader, LoadFailed } from '../content/screen.js';
import { formatWhen } from '../users/api.js';
import { accountErrorMessage, endOtherSessions, endSession, sessionsKey, useSessions } from './api.js';

function SessionItem({ session }: { session: SessionView }) {
  const client = useQueryClient();
  const end = useMutation({
    mutationFn: () => endSession(session.id),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `${session.browser} was signed out.` });
      await client.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (err) => notifications.show({ color: 'red', title: 'Could not sign it out', message: accountErrorMessage(err) }),
  });
  return (
    <li className="account-session">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Group gap="xs">
            <Text fw={600}>{session.browser}</Text>
            {session.current && (
              <Badge color="blue" variant="light">
                This device
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {session.address || 'Unknown address'} · last used {formatWhen(session.lastUsedAt)}
          </Text>
          <Text size="sm" c="dimmed">
            Signed in {formatWhen(session.createdAt)}
          </Text>
        </div>
        {!session.current && (
          <Button size="xs" variant="default" loading={end.isPending} onClick={() => end.mutate()} aria-label={`Sign out ${session.browser}, ${session.address || 'unknown address'}`}>
            Sign out
          </Button>
        )}
      </Group>
    </li>
  );
}

export function SessionsSection() {
  const client = useQueryClient();
  const query = useSessions();
  const others = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'You were signed out everywhere else.' });
      await client.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (err) => notifications.show({ color: 'red', title: 'Could not sign out the other sessions', message: accountErrorMessage(err) }),
  });
  const sessions = query.data?.sessions ?? [];
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="sessions-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="sessions-title">
          Where you are signed in
        </Title>
        {query.isPending ? (
          <ContentLoader label="Loading your sessions" />
        ) : query.isError ? (
          <LoadFailed title="Your sessions could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <ul className="account-sessions">
              {sessions.map((s) => (
                <SessionItem key={s.id} session={s} />
              ))}
            </ul>
            <Group>
              <Button variant="default" disabled={sessions.filter((s) => !s.current).length === 0} loading={others.isPending} onClick={() => others.mutate()}>
                Sign out everywhere else
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
