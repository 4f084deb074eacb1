/**
 * /redirects (super-admins): every old address and where it sends visitors (a
 * page, an outside address, or gone with 410), whether the server made it when
 * a page moved or was deleted, or someone added it, with its hits; Delete
 * (after a question) and "Add redirect". Below, the missing paths visitors ask
 * for most, each with "Redirect this", which opens the dialog with its path.
 * A table from 600 px; one card per row on a phone.
 */
import { Badge, Box, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Redirect } from '../../../shared/site-structure.js';
import { absoluteTime, relativeTime } from '../content/relative-time.js';
import { ContentLoader, LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { ConfirmDialog } from '../editorial/confirm-dialog.js';
import { neutralGrey, noticeBlue } from '../theme.js';
import { useSitePages, type LinkablePage } from '../navigation/api.js';
import { AddRedirectDialog } from './add-redirect-dialog.js';
import { addRedirect, deleteRedirect, notFoundKey, redirectsKey, useNotFound, useRedirects, type NewRedirect, type NotFoundPath } from './api.js';

function targetText(r: Redirect, pages: LinkablePage[]): string {
  if (r.gone) return 'Gone (410)';
  if (r.url) return r.url;
  const page = pages.find((p) => p.id === r.pageId);
  return page ? `${page.title} (${page.livePath ?? page.path})` : 'A page that no longer exists';
}

function When({ iso }: { iso: string | null }) {
  if (!iso) return <>Never</>;
  return (
    <time dateTime={iso} title={absoluteTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}

function KindBadge({ automatic }: { automatic: boolean }) {
  return (
    <Badge variant="outline" color={automatic ? neutralGrey : noticeBlue} bg="white" tt="none">
      {automatic ? 'Automatic' : 'Manual'}
    </Badge>
  );
}

/** A table from 600 px, cards on a phone: the same rows, the same buttons. */
function Rows<T>({ label, rows, keyOf, columns, card }: { label: string; rows: T[]; keyOf(r: T): string; columns: { title: ReactNode; cell(r: T): ReactNode }[]; card(r: T): ReactNode }) {
  return (
    <>
      <Box visibleFrom="sm" className="staff-table-region" role="region" aria-label={label} tabIndex={0}>
        <Table striped verticalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c, i) => (
                <Table.Th key={i} scope="col">
                  {c.title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={keyOf(r)}>
                {columns.map((c, i) => (
                  <Table.Td key={i} style={{ overflowWrap: 'anywhere' }}>
                    {c.cell(r)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="sm" gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((r) => (
          <Card component="li" key={keyOf(r)} withBorder padding="sm" radius="md">
            {card(r)}
          </Card>
        ))}
      </Stack>
    </>
  );
}

function RedirectsTable({ redirects, pages, onDelete }: { redirects: Redirect[]; pages: LinkablePage[]; onDelete(r: Redirect): void }) {
  const del = (r: Redirect) => (
    <Button size="xs" variant="default" onClick={() => onDelete(r)} aria-label={`Delete the redirect from ${r.fromPath}`}>
      Delete
    </Button>
  );
  if (redirects.length === 0) return <Text size="sm">No redirects yet. The server adds one when a published page gets a new address or is deleted.</Text>;
  return (
    <Rows
      label="Redirects"
      rows={redirects}
      keyOf={(r) => r.id}
      columns={[
        { title: 'From', cell: (r) => <Text size="sm" fw={600}>{r.fromPath}</Text> },
        { title: 'To', cell: (r) => targetText(r, pages) },
        { title: 'Made', cell: (r) => <KindBadge automatic={r.automatic} /> },
        { title: 'Hits', cell: (r) => r.hits },
        { title: 'Last hit', cell: (r) => <When iso={r.lastHitAt} /> },
        { title: <VisuallyHidden>Delete</VisuallyHidden>, cell: del },
      ]}
      card={(r) => (
        <Stack gap={4}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {r.fromPath}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            To {targetText(r, pages)}
          </Text>
          <Group gap="xs" wrap="wrap">
            <KindBadge automatic={r.automatic} />
            <Text size="sm">
              {r.lastHitAt ? (
                <>
                  {r.hits} {r.hits === 1 ? 'hit' : 'hits'}, last <When iso={r.lastHitAt} />
                </>
              ) : (
                'Not used yet'
              )}
            </Text>
          </Group>
          <Group>{del(r)}</Group>
        </Stack>
      )}
    />
  );
}

function NotFoundTable({ paths, onRedirect }: { paths: NotFoundPath[]; onRedirect(path: string): void }) {
  const button = (p: NotFoundPath) => (
    <Button size="xs" variant="default" onClick={() => onRedirect(p.path)} aria-label={`Redirect this: ${p.path}`}>
      Redirect this
    </Button>
  );
  if (paths.length === 0) return <Text size="sm">No visitor has asked for a missing address yet.</Text>;
  return (
    <Rows
      label="Missing addresses, most requested first"
      rows={paths}
      keyOf={(p) => p.path}
      columns={[
        { title: 'Address', cell: (p) => <Text size="sm" fw={600}>{p.path}</Text> },
        { title: 'Requests', cell: (p) => p.hits },
        { title: 'Last asked', cell: (p) => <When iso={p.lastAt} /> },
        { title: <VisuallyHidden>Redirect</VisuallyHidden>, cell: button },
      ]}
      card={(p) => (
        <Stack gap={4}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {p.path}
          </Text>
          <Text size="sm">
            {p.hits} {p.hits === 1 ? 'request' : 'requests'}, last <When iso={p.lastAt} />
          </Text>
          <Group>{button(p)}</Group>
        </Stack>
      )}
    />
  );
}

export function RedirectsScreen() {
  const client = useQueryClient();
  const redirects = useRedirects();
  const notFound = useNotFound();
  const pages = useSitePages();
  const [adding, setAdding] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Redirect | null>(null);

  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: redirectsKey }), client.invalidateQueries({ queryKey: notFoundKey })]);
  const add = useMutation({ mutationFn: (body: NewRedirect) => addRedirect(body) });
  const remove = useMutation({
    mutationFn: (r: Redirect) => deleteRedirect(r.id),
    onSuccess: (_v, r) => {
      setToDelete(null);
      notifications.show({ color: 'green', message: `The redirect from ${r.fromPath} is deleted.` });
    },
    onError: (err) => notifications.show({ color: 'red', title: 'The redirect was not deleted', message: err instanceof Error ? err.message : 'Try again.' }),
    onSettled: refresh,
  });

  const onAdd = async (body: NewRedirect) => {
    const r = await add.mutateAsync(body);
    setAdding(null);
    notifications.show({ color: 'green', message: `Visitors asking for ${r.fromPath} are sent on now.` });
    await refresh();
  };

  return (
    <Screen>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <ScreenHeading title="Redirects">Old addresses and where visitors asking for them are sent, and the missing addresses visitors ask for most.</ScreenHeading>
          <Button onClick={() => setAdding('')}>Add redirect</Button>
        </Group>
        {redirects.isPending || pages.isPending ? (
          <ContentLoader label="Loading the redirects" />
        ) : redirects.isError ? (
          <LoadFailed title="The redirects could not be loaded" error={redirects.error} onRetry={() => void redirects.refetch()} />
        ) : pages.isError ? (
          <LoadFailed title="The pages could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />
        ) : (
          <RedirectsTable redirects={redirects.data} pages={pages.data} onDelete={setToDelete} />
        )}
        <Stack gap="sm" component="section" aria-labelledby="not-found-title">
          <Title order={2} size="h3" id="not-found-title">
            Not found
          </Title>
          <Text size="sm" c="dimmed">
            Addresses visitors asked for that lead nowhere, most requested first.
          </Text>
          {notFound.isPending ? (
            <ContentLoader label="Loading the missing addresses" />
          ) : notFound.isError ? (
            <LoadFailed title="The missing addresses could not be loaded" error={notFound.error} onRetry={() => void notFound.refetch()} />
          ) : (
            <NotFoundTable paths={notFound.data} onRedirect={setAdding} />
          )}
        </Stack>
      </Stack>
      <AddRedirectDialog opened={adding !== null} fromPath={adding ?? ''} pages={pages.data ?? []} working={add.isPending} onCancel={() => setAdding(null)} onAdd={onAdd} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete this redirect?"
        confirmLabel="Delete redirect"
        danger
        working={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && !remove.isPending && remove.mutate(toDelete)}
      >
        {toDelete ? `Visitors asking for ${toDelete.fromPath} will no longer be sent to ${targetText(toDelete, pages.data ?? [])}; they get the page at that address, or “Page not found”.` : ''}
      </ConfirmDialog>
    </Screen>
  );
}
