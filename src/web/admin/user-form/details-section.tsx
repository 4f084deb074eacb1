/** The account's name and role; the e-mail address is shown but cannot change. */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { roleDescriptions, roleLabels, userErrorMessage, userRoles, type UserView } from '../users/api.js';
import { displayNameSchema, notifyFailure, roleOptions, showOnFields } from './form-support.js';
import { useUpdateUser } from './use-update-user.js';

export function DetailsSection({ user }: { user: UserView }) {
  const save = useUpdateUser(user);
  const [refusal, setRefusal] = useState<string | null>(null);
  const schema = z.object({ displayName: displayNameSchema, role: z.enum(userRoles) });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { displayName: user.displayName, role: user.role },
  });
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (updated) => {
      setRefusal(null);
      form.reset({ displayName: updated.displayName, role: updated.role });
      notifications.show({ color: 'green', title: 'Changes saved', message: `${updated.email} is now ${roleLabels[updated.role].toLowerCase()}.` });
    },
    onError: (err) => {
      if (!showOnFields(err, form.setError, ['displayName', 'role'])) setRefusal(userErrorMessage(err));
      notifyFailure('The changes were not saved', err);
    },
  });
  const { errors, isDirty } = form.formState;
  const role = form.watch('role');
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="details-title">
      <form noValidate onSubmit={(e) => void form.handleSubmit((v) => mutation.mutate(v))(e)}>
        <Stack gap="md">
          <Title order={2} size="h3" id="details-title">
            Name and role
          </Title>
          {refusal && (
            <Alert color="red" title="Not saved" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput label="E-mail address" value={user.email} readOnly description="The e-mail address cannot be changed." />
          <TextInput label="Name" autoComplete="off" error={errors.displayName?.message} {...form.register('displayName')} />
          <NativeSelect label="Role" data={roleOptions} description={roleDescriptions[role]} error={errors.role?.message} {...form.register('role')} />
          <Group>
            <Button type="submit" loading={mutation.isPending} disabled={!isDirty}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
