/**
 * /user-form/:id (super only): `new` creates an account with a role and a
 * password; an existing id changes name and role, disables or enables, sets a
 * new password, or deletes after a confirmation.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Anchor, Button, Group, List, Modal, NativeSelect, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { passwordProblem, type PasswordPolicy } from '../../shared/password-policy.js';
import { RequireMarks } from './auth/guard.js';
import { StatusBadge } from './users/status-badge.js';
import { describePolicy, usePasswordPolicy } from './auth/password-policy.js';
import { staffSession } from './auth/session.js';
import { useAuth } from './auth/use-auth.js';
import { PageLoader } from './layouts/page-loader.js';
import {
  createUser,
  deleteUser,
  fieldErrors,
  formatWhen,
  roleDescriptions,
  roleLabels,
  updateUser,
  userErrorMessage,
  userQuery,
  userRoles,
  type UserView,
} from './users/api.js';

export function Component() {
  return (
    <RequireMarks marks={['super']}>
      <UserFormScreen />
    </RequireMarks>
  );
}

const roleOptions = userRoles.map((r) => ({ value: r, label: roleLabels[r] }));

function passwordSchema(policy: PasswordPolicy) {
  return z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value, policy);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

const displayNameSchema = z.string().trim().max(200, 'A name has at most 200 characters.');

/** Puts a server refusal on its fields; true when at least one field took it. */
function showOnFields<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]): boolean {
  let shown = false;
  for (const [field, message] of Object.entries(fieldErrors(err))) {
    const name = names.find((n) => n === field);
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

function notifyFailure(title: string, err: unknown) {
  notifications.show({ color: 'red', title, message: userErrorMessage(err) });
}

function useFocusHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

function UserFormScreen() {
  const { id = 'new' } = useParams();
  useEffect(() => {
    document.title = `${id === 'new' ? 'New user' : 'Edit user'} · Staff`;
  }, [id]);
  return id === 'new' ? <CreateUser /> : <EditUser uid={id} key={id} />;
}

function ScreenFrame({ title, headingRef, children }: { title: string; headingRef: React.RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  return (
    <main className="staff-screen">
      <Stack gap="lg" p="md" maw={720}>
        <Anchor component={Link} to="/user" size="sm">
          ← Back to users
        </Anchor>
        <Title order={1} ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        {children}
      </Stack>
    </main>
  );
}

function PolicyRules({ policy, id }: { policy: PasswordPolicy; id?: string }) {
  return (
    <List size="sm" id={id} spacing={2}>
      {describePolicy(policy).map((rule) => (
        <List.Item key={rule}>{rule}</List.Item>
      ))}
    </List>
  );
}

function CreateUser() {
  const policy = usePasswordPolicy();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingRef = useFocusHeading();
  const schema = useMemo(
    () =>
      z.object({
        email: z.string().trim().min(1, 'Enter an e-mail address.').pipe(z.email('That e-mail address does not look right.')),
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

function EditUser({ uid }: { uid: string }) {
  const headingRef = useFocusHeading();
  const user = useQuery(userQuery(uid));
  if (user.isPending) return <PageLoader label="Loading the account" />;
  if (user.isError) {
    return (
      <ScreenFrame title="Edit user" headingRef={headingRef}>
        <Alert color="red" title="The account could not be loaded" role="alert">
          {userErrorMessage(user.error)}
        </Alert>
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title={`Edit ${user.data.email}`} headingRef={headingRef}>
      <AccountSummary user={user.data} />
      <DetailsSection user={user.data} />
      <PasswordSection user={user.data} />
      <AccessSection user={user.data} />
    </ScreenFrame>
  );
}

function AccountSummary({ user }: { user: UserView }) {
  return (
    <Group gap="md" wrap="wrap">
      <StatusBadge disabled={user.disabled} />
      <Text size="sm">Role: {roleLabels[user.role]}</Text>
      <Text size="sm">Last sign-in: {formatWhen(user.lastSignInAt)}</Text>
      <Text size="sm">Created: {formatWhen(user.createdAt)}</Text>
    </Group>
  );
}

/** Saves a change to an account, refreshes what shows it, and re-reads one's own claims. */
function useUpdateUser(user: UserView) {
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  return async (patch: Parameters<typeof updateUser>[1]) => {
    const updated = await updateUser(user.uid, patch);
    queryClient.setQueryData(userQuery(user.uid).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    // A change to one's own role takes effect in this app at once, not at the next renewal.
    if (me?.uid === user.uid) await staffSession.refresh();
    return updated;
  };
}

function DetailsSection({ user }: { user: UserView }) {
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

function PasswordSection({ user }: { user: UserView }) {
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

type Confirm = 'disable' | 'delete' | null;

function AccessSection({ user }: { user: UserView }) {
  const { user: me } = useAuth();
  const save = useUpdateUser(user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const self = me?.uid === user.uid;

  const toggle = useMutation({
    mutationFn: (disabled: boolean) => save({ disabled }),
    onSuccess: (updated) => {
      setConfirm(null);
      setRefusal(null);
      notifications.show({
        color: 'green',
        title: updated.disabled ? 'Account disabled' : 'Account enabled',
        message: updated.disabled ? `${updated.email} can no longer sign in and has been signed out.` : `${updated.email} can sign in again.`,
      });
    },
    onError: (err) => {
      setConfirm(null);
      setRefusal(userErrorMessage(err));
      notifyFailure('The account was not changed', err);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteUser(user.uid),
    onSuccess: async () => {
      setConfirm(null);
      queryClient.removeQueries({ queryKey: userQuery(user.uid).queryKey });
      await queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
      notifications.show({ color: 'green', title: 'User deleted', message: `${user.email} has been deleted.` });
      navigate('/user');
    },
    onError: (err) => {
      setConfirm(null);
      setRefusal(userErrorMessage(err));
      notifyFailure('The user was not deleted', err);
    },
  });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="access-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="access-title">
          Access
        </Title>
        {refusal && (
          <Alert color="red" title="Not done" role="alert">
            {refusal}
          </Alert>
        )}
        {self && <Text size="sm">This is your own account: you cannot disable or delete it while signed in with it.</Text>}
        <Group>
          {user.disabled ? (
            <Button variant="default" onClick={() => toggle.mutate(false)} loading={toggle.isPending}>
              Enable account
            </Button>
          ) : (
            <Button variant="default" color="red.9" onClick={() => setConfirm('disable')} disabled={self}>
              Disable account
            </Button>
          )}
          <Button color="red.9" variant="outline" onClick={() => setConfirm('delete')} disabled={self}>
            Delete user
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirm === 'disable'} onClose={() => setConfirm(null)} title="Disable this account?" centered>
        <Stack>
          <Text>{user.email} will be signed out at once and will not be able to sign in until the account is enabled again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)} data-autofocus>
              Cancel
            </Button>
            <Button color="red.9" onClick={() => toggle.mutate(true)} loading={toggle.isPending}>
              Disable account
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={confirm === 'delete'} onClose={() => setConfirm(null)} title="Delete this user?" centered>
        <Stack>
          <Text>{user.email} will be deleted and signed out. This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)} data-autofocus>
              Cancel
            </Button>
            <Button color="red.9" onClick={() => remove.mutate()} loading={remove.isPending}>
              Delete user
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
