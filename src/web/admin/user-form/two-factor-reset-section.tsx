/** A super-admin turns a colleague's two-factor sign-in off (lost phone and recovery codes, or locked after wrong codes); they sign in with their password alone until they set it up again. */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { api, ApiError } from '../../api-client.js';
import { messageByCode } from '../../../shared/errors.js';
import { apiPaths, pathTo } from '../../../shared/api-paths.js';

export function TwoFactorResetSection({ uid, email }: { uid: string; email: string }) {
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => api<void>(pathTo(apiPaths.users.secondFactor, { uid }), { method: 'DELETE' }),
    onSuccess: () => {
      setConfirming(false);
      notifications.show({ color: 'green', title: 'Two-factor sign-in reset', message: `${email} now signs in with their password alone, and can set up a new authenticator on their account page.` });
    },
    onError: (err) => notifications.show({ color: 'red', title: 'Two-factor sign-in was not reset', message: err instanceof ApiError ? err.message : messageByCode.unknown }),
  });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="two-factor-reset-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="two-factor-reset-title">
          Two-factor sign-in
        </Title>
        <Text size="sm">If this colleague lost the phone with their authenticator app and their recovery codes, or their two-factor sign-in was locked after too many wrong codes, turn it off so they can sign in with their password and set it up again.</Text>
        <Group>
          {confirming ? (
            <>
              <Button color="red" loading={reset.isPending} onClick={() => reset.mutate()}>
                Yes, turn it off
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button variant="default" onClick={() => setConfirming(true)}>
              Reset two-factor sign-in…
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
