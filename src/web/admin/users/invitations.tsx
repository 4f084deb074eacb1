/**
 * Invitations on the users screen (super only): invite a colleague by e-mail
 * with a role, and the pending invitations with resend and withdraw. The
 * invitee chooses their own name and password from the mailed link.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  accountLinkApi,
  invitationListSchema,
  invitationPath,
  invitationResendPath,
  invitationRoles,
  invitationRoleText,
  invitationViewSchema,
  type InvitationRole,
  type InvitationView,
} from '../../../shared/account-links.js';
import { emailFieldSchema } from '../../../shared/users.js';
import { api } from '../../api-client.js';
import { showOnFields } from '../user-form/form-support.js';
import { formatWhen, userErrorMessage } from './api.js';

const invitationsKey = ['users', 'invitations'] as const;

const inviteSchema = z.object({
  email: emailFieldSchema('Enter the colleague’s e-mail address.'),
  role: z.enum(invitationRoles),
});

const roleOptions = invitationRoles.map((r) => ({ value: r, label: invitationRoleText(r) }));

function InviteForm() {
  const client = useQueryClient();
  const form = useForm<z.input<typeof inviteSchema>, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'admin' },
  });
  const invite = useMutation({
    mutationFn: async (v: { email: string; role: InvitationRole }) => invitationViewSchema.parse(await api<unknown>(accountLinkApi.invitations, { method: 'POST', body: v })),
    onSuccess: (view) => {
      form.reset({ email: '', role: view.role });
      notifications.show({ color: 'green', title: 'Invitation sent', message: `${view.email} will receive a link to choose a name and password (valid for 7 days).` });
      void client.invalidateQueries({ queryKey: invitationsKey });
    },
    onError: (err) => {
      if (!showOnFields(err, form.setError, ['email', 'role'])) notifications.show({ color: 'red', title: 'The invitation was not sent', message: userErrorMessage(err) });
    },
  });
  const { errors } = form.formState;
  const role = form.watch('role');
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit((v) => invite.mutate(v))(e)}>
      <Group align="flex-start" wrap="wrap" gap="md">
        <TextInput label="Colleague’s e-mail address" type="email" autoComplete="off" required error={errors.email?.message} miw={260} {...form.register('email')} />
        <Select
          label="Role"
          data={roleOptions}
          value={role}
          onChange={(v) => v && form.setValue('role', v as InvitationRole)}
          allowDeselect={false}
          error={errors.role?.message}
          w={180}
        />
        <Button type="submit" loading={invite.isPending} mt={{ base: 0, sm: 26 }}>
          Send invitation
        </Button>
      </Group>
    </form>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationView }) {
  const client = useQueryClient();
  const done = () => void client.invalidateQueries({ queryKey: invitationsKey });
  const resend = useMutation({
    mutationFn: () => api<unknown>(invitationResendPath(invitation.id), { method: 'POST' }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: 'Invitation sent again', message: `A new link went to ${invitation.email}; the earlier link no longer works.` });
      done();
    },
    onError: (err) => notifications.show({ color: 'red', title: 'The invitation was not sent again', message: userErrorMessage(err) }),
  });
  const withdraw = useMutation({
    mutationFn: () => api<void>(invitationPath(invitation.id), { method: 'DELETE' }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: 'Invitation withdrawn', message: `The link sent to ${invitation.email} no longer works.` });
      done();
    },
    onError: (err) => notifications.show({ color: 'red', title: 'The invitation was not withdrawn', message: userErrorMessage(err) }),
  });
  return (
    <Table.Tr>
      <Table.Td>{invitation.email}</Table.Td>
      <Table.Td>{invitationRoleText(invitation.role)}</Table.Td>
      <Table.Td>{invitation.invitedBy ?? '—'}</Table.Td>
      <Table.Td>
        {invitation.status === 'expired' ? (
          <Badge color="gray" variant="light">
            Expired
          </Badge>
        ) : (
          formatWhen(invitation.expiresAt)
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="default" loading={resend.isPending} onClick={() => resend.mutate()} aria-label={`Resend the invitation to ${invitation.email}`}>
            Resend
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" loading={withdraw.isPending} onClick={() => withdraw.mutate()} aria-label={`Withdraw the invitation to ${invitation.email}`}>
            Withdraw
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function InvitationsPanel() {
  const list = useQuery({
    queryKey: invitationsKey,
    queryFn: async ({ signal }) => invitationListSchema.parse(await api<unknown>(accountLinkApi.invitations, { signal })).invitations,
  });
  const invitations = list.data ?? [];
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="invitations-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="invitations-title">
          Invite a colleague
        </Title>
        <Text size="sm" c="dimmed">
          They receive a link by e-mail, valid for 7 days, to choose their own name and password.
        </Text>
        <InviteForm />
        <Text size="sm" role="status" aria-live="polite">
          {list.isPending ? 'Loading invitations…' : list.isError ? userErrorMessage(list.error) : invitations.length === 0 ? 'No invitation is waiting for an answer.' : ''}
        </Text>
        {invitations.length > 0 && (
          <div className="staff-table-region" role="region" aria-label="Pending invitations" tabIndex={0}>
            <Table miw={720} striped verticalSpacing="sm">
              <Table.Caption>Pending invitations</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">E-mail</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Invited by</Table.Th>
                  <Table.Th scope="col">Link valid until</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invitations.map((i) => (
                  <InvitationRow key={i.id} invitation={i} />
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
