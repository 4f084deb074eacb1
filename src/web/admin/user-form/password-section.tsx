/** A new password for the account, checked against the password policy; setting it ends the account's open sessions. */
import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { usePasswordPolicy } from '../auth/password-policy.js';
import type { UserView } from '../users/api.js';
import { notifyFailure, passwordSchema, PolicyRules, showOnFields } from './form-support.js';
import { useUpdateUser } from './use-update-user.js';

export function PasswordSection({ user }: { user: UserView }) {
  const policy = usePasswordPolicy();
  const save = useUpdateUser(user);
  const schema = useMemo(() => z.object({ password: passwordSchema(policy) }), [policy]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const mutation = useMutation({
    mutationFn: (values: { password: string }) => save({ password: values.password }),
    onSuccess: () => {
      form.reset({ password: '' });
      notifications.show({ color: 'green', title: 'Password set', message: `${user.email} must now sign in with the new password; their open sessions have ended.` });
    },
    onError: (err) => {
      showOnFields(err, form.setError, ['password']);
      notifyFailure('The password was not set', err);
    },
  });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="password-title">
      <form noValidate onSubmit={(e) => void form.handleSubmit((v) => mutation.mutate(v))(e)}>
        <Stack gap="md">
          <Title order={2} size="h3" id="password-title">
            Set a new password
          </Title>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={<PolicyRules policy={policy} />}
            error={form.formState.errors.password?.message}
            aria-invalid={form.formState.errors.password ? true : undefined}
            {...form.register('password')}
          />
          <Group>
            <Button type="submit" variant="default" loading={mutation.isPending}>
              Set password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
