/** Disabling, enabling and deleting the account, each confirmed where it cannot be taken back at once; never one's own. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAuth } from '../auth/use-auth.js';
import { deleteUser, userErrorMessage, userQuery, type UserView } from '../users/api.js';
import { notifyFailure } from './form-support.js';
import { useUpdateUser } from './use-update-user.js';

type Confirm = 'disable' | 'delete' | null;

export function AccessSection({ user }: { user: UserView }) {
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
