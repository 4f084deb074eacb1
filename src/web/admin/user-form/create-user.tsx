/** /user-form/new: a new account's e-mail address, name, role and first password. */
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Group, NativeSelect, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { usePasswordPolicy } from '../auth/password-policy.js';
import { emailFieldSchema } from '../../../shared/users.js';
import { createUser, roleDescriptions, roleLabels, userRoles } from '../users/api.js';
import { displayNameSchema, notifyFailure, passwordSchema, PolicyRules, roleOptions, showOnFields } from './form-support.js';
import { ScreenFrame, useFocusHeading } from './screen-frame.js';

export function CreateUser() {
  const policy = usePasswordPolicy();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingRef = useFocusHeading();
  const schema = useMemo(
    () =>
      z.object({
        email: emailFieldSchema('Enter an e-mail address.'),
        displayName: displayNameSchema,
        role: z.enum(userRoles),
        password: passwordSchema(policy),
      }),
    [policy],
  );
  type Values = z.output<typeof schema>;
  const form = useForm<z.input<typeof schema>, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', displayName: '', role: 'admin', password: '' },
  });
  const create = useMutation({
    mutationFn: createUser,
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      notifications.show({ color: 'green', title: 'User created', message: `${user.email} can now sign in as ${roleLabels[user.role].toLowerCase()}.` });
      navigate('/user');
    },
    onError: (err) => {
      showOnFields(err, form.setError, ['email', 'displayName', 'role', 'password']);
      notifyFailure('The user was not created', err);
    },
  });
  const { errors } = form.formState;
  const role = form.watch('role');

  return (
    <ScreenFrame title="New user" headingRef={headingRef}>
      <Paper withBorder p="lg" component="form" noValidate onSubmit={(e) => void form.handleSubmit((v) => create.mutate(v))(e)}>
        <Stack gap="md">
          <TextInput label="E-mail address" type="email" autoComplete="off" required error={errors.email?.message} {...form.register('email')} />
          <TextInput label="Name" description="As other staff will see it." autoComplete="off" error={errors.displayName?.message} {...form.register('displayName')} />
          <NativeSelect label="Role" data={roleOptions} description={roleDescriptions[role]} required error={errors.role?.message} {...form.register('role')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            description={<PolicyRules policy={policy} />}
            error={errors.password?.message}
            aria-invalid={errors.password ? true : undefined}
            {...form.register('password')}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create user
            </Button>
            <Button component={Link} to="/user" variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
    </ScreenFrame>
  );
}
