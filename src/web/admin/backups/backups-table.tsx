/**
 * The backups on the server, newest first: a table from 600 px, one card per
 * backup on a phone. Each has its Download button with the download's progress
 * and error next to it.
 */
import { Badge, Box, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { BackupEntry } from '../../../shared/backup-api.js';
import { formatBytes, formatWhen, triggerLabel } from './format.js';
import type { DownloadState } from './use-download.js';

interface Props {
  backups: readonly BackupEntry[];
  timeZone: string;
  downloads: Record<string, DownloadState>;
  onDownload(name: string): void;
}

/** Dark enough for AA contrast on white and on striped rows; the word says it, the colour only helps. */
const badgeColours = { verified: '#1e6b30', unverified: '#9c3a00' };

function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <Badge color={verified ? badgeColours.verified : badgeColours.unverified} variant="outline" radius="sm" tt="none" bg="white" style={{ flexShrink: 0 }}>
      {verified ? 'Verified' : 'Not verified'}
    </Badge>
  );
}

function DownloadCell({ entry, when, state, onDownload }: { entry: BackupEntry; when: string; state: DownloadState | undefined; onDownload(name: string): void }) {
  const loading = state?.status === 'loading';
  const percent = loading && state.total ? Math.min(100, Math.round((state.received / state.total) * 100)) : null;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="default"
        aria-disabled={loading || undefined}
        data-disabled={loading || undefined}
        // Ignored, not disabled, while it runs: the button keeps keyboard focus.
        onClick={() => {
          if (!loading) onDownload(entry.name);
        }}
      >
        Download<VisuallyHidden> the backup of {when}</VisuallyHidden>
      </Button>
      {loading && (
        <Box w={160}>
          {/* Without Content-Length the bar has no end and shows only that bytes arrive. */}
          <progress aria-label={`Downloading the backup of ${when}`} max={100} value={percent ?? undefined} style={{ width: '100%' }} />
          {/* Not a live region: it changes with every chunk; the bar and "Downloaded" tell the rest. */}
          <Text size="xs" c="dimmed">
            {formatBytes(state.received)}
            {state.total ? ` of ${formatBytes(state.total)}` : ''}
          </Text>
        </Box>
      )}
      {state?.status === 'done' && (
        <Text size="xs" c="dimmed" role="status">
          Downloaded
        </Text>
      )}
      {state?.status === 'failed' && (
        <Text size="xs" c="red.8" role="alert">
          {state.message}
        </Text>
      )}
    </Stack>
  );
}

export function BackupsTable({ backups, timeZone, downloads, onDownload }: Props) {
  const rows = backups.map((b) => ({ entry: b, when: formatWhen(b.at, timeZone) }));
  return (
    <>
      <Box visibleFrom="sm" className="staff-table-region" role="region" aria-label="Backups on the server" tabIndex={0}>
        <Table striped verticalSpacing="sm" aria-label={`Backups on the server, newest first; times in ${timeZone}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Taken</Table.Th>
              <Table.Th scope="col">Size</Table.Th>
              <Table.Th scope="col">Check</Table.Th>
              <Table.Th scope="col">Made</Table.Th>
              <Table.Th scope="col">Encryption</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Download</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ entry, when }) => (
              <Table.Tr key={entry.name} data-backup={entry.name}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {when}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.name}
                  </Text>
                </Table.Td>
                <Table.Td>{formatBytes(entry.bytes)}</Table.Td>
                <Table.Td>
                  <VerifiedBadge verified={entry.verified} />
                </Table.Td>
                <Table.Td>{triggerLabel(entry.trigger)}</Table.Td>
                <Table.Td>{entry.encrypted ? 'Encrypted' : 'Not encrypted'}</Table.Td>
                <Table.Td>
                  <DownloadCell entry={entry} when={when} state={downloads[entry.name]} onDownload={onDownload} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="sm" gap="sm" component="ul" aria-label={`Backups on the server, newest first; times in ${timeZone}`} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map(({ entry, when }) => (
          <Card component="li" key={entry.name} withBorder padding="sm" radius="md" data-backup={entry.name}>
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {when}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.name}
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <VerifiedBadge verified={entry.verified} />
                <Text size="sm">
                  {formatBytes(entry.bytes)} · {triggerLabel(entry.trigger)} · {entry.encrypted ? 'Encrypted' : 'Not encrypted'}
                </Text>
              </Group>
              <DownloadCell entry={entry} when={when} state={downloads[entry.name]} onDownload={onDownload} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
