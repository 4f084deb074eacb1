/**
 * /user (super only): the staff accounts with e-mail, name, role, status and
 * last sign-in; search and pagination; a button to create one; invitations
 * by e-mail and the pending ones (users/invitations.tsx).
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Alert, Anchor, Button, Group, Loader, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { StatusBadge } from './status-badge.js';
import { InvitationsPanel } from './invitations.js';
import { useAuth } from '../auth/use-auth.js';
import { formatWhen, roleLabels, userErrorMessage, usersListQuery, usersPageSize } from './api.js';
import { useStaffTitle } from '../layouts/staff-title.js';

export function UsersScreen() {
  const { user: me } = useAuth();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search.trim(), 300);

  useStaffTitle('Users');

  // The search box drives the address (shareable, and Back restores it); a new search starts at page 1.
  useEffect(() => {
    if (debounced === q) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, q, setParams]);

  const list = useQuery(usersListQuery(q, page));
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / usersPageSize));

  const goTo = (p: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      return next;
    });

  return (
    <main className="staff-screen">
      <Stack gap="md" p="md" maw={1200}>
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={1}>Users</Title>
          <Button component={Link} to="/user-form/new">
            New user
          </Button>
        </Group>
        <Text c="dimmed" size="sm">
          Staff accounts and what each may do. Super-admins manage everything, admins manage the site’s content.
        </Text>
        <TextInput
          label="Search by e-mail or name"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
          rightSection={list.isFetching ? <Loader size="xs" aria-hidden="true" /> : null}
        />
        <Text size="sm" role="status" aria-live="polite">
          {list.isPending ? 'Loading accounts…' : list.isError ? '' : total === 1 ? '1 account' : `${total} accounts`}
          {q && !list.isPending ? ` matching “${q}”` : ''}
        </Text>
        {list.isError && (
          <Alert color="red" title="The accounts could not be loaded" role="alert">
            {userErrorMessage(list.error)}{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {list.data && list.data.users.length === 0 && !list.isError && (
          <Text>{q ? 'No account matches this search.' : 'There are no accounts yet.'}</Text>
        )}
        {list.data && list.data.users.length > 0 && (
          <div className="staff-table-region" role="region" aria-label="Staff accounts" tabIndex={0}>
            <Table miw={720} striped highlightOnHover verticalSpacing="sm">
              <Table.Caption>Staff accounts, page {page} of {pages}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">E-mail</Table.Th>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Last sign-in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.users.map((u) => (
                  <Table.Tr key={u.uid}>
                    <Table.Td>
                      <Anchor component={Link} to={`/user-form/${encodeURIComponent(u.uid)}`} aria-label={`Edit ${u.email}`}>
                        {u.email}
                      </Anchor>
                      {me?.uid === u.uid && (
                        <Text component="span" size="xs" c="dimmed">
                          {' '}
                          (you)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{u.displayName || <Text span c="dimmed">—</Text>}</Table.Td>
                    <Table.Td>{roleLabels[u.role]}</Table.Td>
                    <Table.Td>
                      <StatusBadge disabled={u.disabled} />
                    </Table.Td>
                    <Table.Td>{formatWhen(u.lastSignInAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        {pages > 1 && (
          <nav aria-label="Pages of accounts">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={goTo}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === page ? 'page' : undefined })}
              getControlProps={(control) => ({
                'aria-label': { first: 'First page', last: 'Last page', next: 'Next page', previous: 'Previous page' }[control],
              })}
            />
          </nav>
        )}
        <InvitationsPanel />
      </Stack>
    </main>
  );
}
