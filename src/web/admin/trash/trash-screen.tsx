/**
 * /trash (staff): the blocks and pages moved to the trash (each called what it
 * is: words.ts), newest first, with who moved them, when, and when the server
 * removes them for good. "Restore" puts one
 * back where it was, as a draft, and offers a link to open it; super-admins
 * can empty the whole trash after a question that says how many of each go.
 */
import { Anchor, Badge, Box, Button, Card, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { can } from '../../../shared/access.js';
import { getCollection } from '../../../shared/collections.js';
import { defaultTrashRetentionDays, type TrashEntry } from '../../../shared/editorial.js';
import { formPathOf } from '../../../shared/routes.js';
import { usePrincipal } from '../content/abilities.js';
import { contentKeys } from '../content/documents.js';
import { relativeTime } from '../content/relative-time.js';
import { ContentLoader, LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { editorialKeys, emptyTrash, restoreFromTrash, useTrash } from '../editorial/api.js';
import { ConfirmDialog } from '../editorial/confirm-dialog.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { formatWhen } from '../backups/format.js';
import { trashCountInWords, trashNounsOf } from './words.js';

interface Restored {
  id: string;
  collection: string;
  title: string;
}

function collectionLabel(name: string): string {
  return getCollection(name)?.label ?? name;
}


function RestoreButton({ entry, working, onRestore }: { entry: TrashEntry; working: boolean; onRestore(entry: TrashEntry): void }) {
  return (
    <Button
      size="xs"
      variant="default"
      data-disabled={working || undefined}
      aria-disabled={working || undefined}
      // Ignored, not disabled, while it runs: the button keeps keyboard focus.
      onClick={() => !working && onRestore(entry)}
    >
      Restore<VisuallyHidden> “{entry.title}”</VisuallyHidden>
    </Button>
  );
}

function TrashBody() {
  const client = useQueryClient();
  const principal = usePrincipal();
  // The policy's answer for DELETE /api/trash (super-admins today).
  const mayEmpty = can(principal, 'delete', { type: 'trash' });
  const { timeZone } = useSiteTimeZone();
  const query = useTrash();
  const [working, setWorking] = useState<string | null>(null);
  const [restored, setRestored] = useState<Restored[]>([]);
  const [message, setMessage] = useState('');
  const [askEmpty, setAskEmpty] = useState(false);
  const [emptying, setEmptying] = useState(false);
  const restoredRef = useRef<HTMLDivElement>(null);
  const focusRestored = useRef(false);

  useEffect(() => {
    if (!focusRestored.current) return;
    focusRestored.current = false;
    restoredRef.current?.focus();
  });

  const restore = async (entry: TrashEntry) => {
    setWorking(entry.id);
    try {
      const doc = await restoreFromTrash(entry.id);
      setRestored((r) => [{ id: doc.id, collection: doc.collection, title: entry.title }, ...r.filter((x) => x.id !== doc.id)]);
      setMessage(`“${entry.title}” is restored to ${collectionLabel(doc.collection)} as a draft.`);
      focusRestored.current = true;
      void client.invalidateQueries({ queryKey: editorialKeys.trash });
      void client.invalidateQueries({ queryKey: contentKeys.collection(doc.collection) });
    } catch (err) {
      const text = err instanceof Error ? err.message : `The ${trashNounsOf(entry.collection).one} could not be restored.`;
      setMessage(`“${entry.title}” was not restored. ${text}`);
      notifications.show({ color: 'red', title: 'Not restored', message: text });
    } finally {
      setWorking(null);
    }
  };

  const empty = async (count: string) => {
    setEmptying(true);
    try {
      await emptyTrash();
      setAskEmpty(false);
      setMessage(`The trash is empty: ${count} removed for good.`);
      await client.invalidateQueries({ queryKey: editorialKeys.trash });
    } catch (err) {
      setAskEmpty(false);
      const text = err instanceof Error ? err.message : 'The trash could not be emptied.';
      setMessage(`The trash was not emptied. ${text}`);
      notifications.show({ color: 'red', title: 'Trash not emptied', message: text });
    } finally {
      setEmptying(false);
    }
  };

  if (query.isPending) return <ContentLoader label="Loading the trash" />;
  if (query.isError) return <LoadFailed title="The trash could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;

  const entries = [...query.data].sort((a, b) => Date.parse(b.deletedAt) - Date.parse(a.deletedAt));
  const count = trashCountInWords(entries.map((e) => e.collection));
  const rows = entries.map((e) => ({
    entry: e,
    label: collectionLabel(e.collection),
    who: e.deletedBy ? (e.deletedBy.uid === principal?.uid ? 'you' : e.deletedBy.name) : 'unknown',
    when: formatWhen(e.deletedAt, timeZone),
    purge: formatWhen(e.purgeAt, timeZone),
  }));

  return (
    <Stack gap="md">
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {message}
      </VisuallyHidden>
      {restored.length > 0 && (
        <Paper withBorder p="sm" radius="md" ref={restoredRef} tabIndex={-1} data-testid="restored">
          <Stack gap={4}>
            {restored.map((r) => (
              <Text size="sm" key={r.id}>
                “{r.title}” is back in {collectionLabel(r.collection)} as a draft.{' '}
                <Anchor component={Link} to={formPathOf(r.collection, r.id)}>
                  Open “{r.title}”
                </Anchor>
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
      {entries.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text fw={600}>The trash is empty.</Text>
          <Text size="sm" mt={4}>
            Blocks and pages you move to the trash wait here for {defaultTrashRetentionDays} days, so they can be restored, before they are removed for good.
          </Text>
        </Paper>
      ) : (
        <>
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" c="dimmed">
              {count} in the trash; times in {timeZone}.
            </Text>
            {mayEmpty && (
              <Button color="red" variant="outline" onClick={() => setAskEmpty(true)}>
                Empty trash
              </Button>
            )}
          </Group>
          <Box visibleFrom="sm" className="staff-table-region" role="region" aria-label="Blocks and pages in the trash" tabIndex={0}>
            <Table striped verticalSpacing="sm" aria-label={`Blocks and pages in the trash, newest first; times in ${timeZone}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Title</Table.Th>
                  <Table.Th scope="col">Collection</Table.Th>
                  <Table.Th scope="col">Moved to the trash</Table.Th>
                  <Table.Th scope="col">Removed for good on</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.entry.id} data-testid="trash-row">
                    <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {r.entry.title}
                    </Table.Td>
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td>
                      <time dateTime={r.entry.deletedAt}>{r.when}</time>
                      <Text size="xs" c="dimmed">
                        {relativeTime(r.entry.deletedAt)}, by {r.who}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <time dateTime={r.entry.purgeAt}>{r.purge}</time>
                    </Table.Td>
                    <Table.Td>
                      <RestoreButton entry={r.entry} working={working === r.entry.id} onRestore={(e) => void restore(e)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Stack hiddenFrom="sm" gap="sm" component="ul" aria-label="Blocks and pages in the trash, newest first" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((r) => (
              <li key={r.entry.id}>
                <Card withBorder radius="md" p="sm" data-testid="trash-card">
                  <Stack gap={4}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {r.entry.title}
                      </Text>
                      <Badge variant="outline" color="gray.8" tt="none" bg="white">
                        {r.label}
                      </Badge>
                    </Group>
                    <Text size="sm">
                      Moved to the trash <time dateTime={r.entry.deletedAt}>{r.when}</time> by {r.who}
                    </Text>
                    <Text size="sm">
                      Removed for good on <time dateTime={r.entry.purgeAt}>{r.purge}</time>
                    </Text>
                    <Group mt={4}>
                      <RestoreButton entry={r.entry} working={working === r.entry.id} onRestore={(e) => void restore(e)} />
                    </Group>
                  </Stack>
                </Card>
              </li>
            ))}
          </Stack>
          <ConfirmDialog
            opened={askEmpty}
            title="Empty the trash?"
            confirmLabel={`Remove ${count} for good`}
            danger
            working={emptying}
            onCancel={() => setAskEmpty(false)}
            onConfirm={() => void empty(count)}
          >
            {`${count} will be removed for good. They cannot be restored afterwards, not even from the History.`}
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}

export function TrashScreen() {
  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title="Trash">
          Blocks and pages moved to the trash are off the website. Restore one to bring it back, as a draft, where it was.
        </ScreenHeading>
        <TrashBody />
      </Stack>
    </Screen>
  );
}
