/**
 * /backups (super only): the backups on the server with their check, how each
 * was made and a Download button; the schedule in words; "Back up now" with
 * its progress; the last failure; and how to restore (from the command line).
 */
import { useEffect, useState } from 'react';
import { Alert, Code, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupList } from '../../../shared/backup-api.js';
import { ContentLoader, LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { backupErrorMessage, backupsKey, backupsQuery, pollMs } from './api.js';
import { advanceRun, BackupNow, shouldPoll, type Run } from './backup-now.js';
import { BackupsTable } from './backups-table.js';
import { formatWhen, scheduleSentence, triggerLabel } from './format.js';
import { useDownloads } from './use-download.js';

function Schedule({ list }: { list: BackupList }) {
  if (list.schedule === null) {
    return (
      <Text size="sm" data-testid="backup-schedule">
        No scheduled backups: set BACKUP_SCHEDULE.
      </Text>
    );
  }
  const { sentence, inWords } = scheduleSentence(list.schedule, list.timeZone, list.keep);
  return (
    <Stack gap={2} data-testid="backup-schedule">
      <Text size="sm">
        {sentence}
        {inWords && (
          <Text span size="xs" c="dimmed">
            {' '}
            (BACKUP_SCHEDULE <Code style={{ whiteSpace: 'nowrap' }}>{list.schedule}</Code>)
          </Text>
        )}
        .
      </Text>
      {list.nextAt && <Text size="sm">Next scheduled backup: {formatWhen(list.nextAt, list.timeZone)}.</Text>}
    </Stack>
  );
}

/** Newest first, whatever order the server lists them in. */
function newestFirst(list: BackupList): BackupList['backups'] {
  return [...list.backups].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.name.localeCompare(a.name));
}

function BackupsBody() {
  const client = useQueryClient();
  const [run, setRun] = useState<Run | null>(null);
  const query = useQuery({
    ...backupsQuery(),
    refetchInterval: (q) => (shouldPoll(run, q.state.data) ? pollMs : false),
  });
  const downloads = useDownloads();

  // Each fresh answer moves "Back up now" on: still running, done (in the list), failed, or lost.
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (data) setRun((current) => (current ? advanceRun(current, data) : current));
  }, [data, dataUpdatedAt]);

  if (query.isPending) return <ContentLoader label="Loading the backups" />;
  if (query.isError) return <LoadFailed title="The backups could not be loaded" error={new Error(backupErrorMessage(query.error))} onRetry={() => void query.refetch()} />;

  const list = query.data;
  const backups = newestFirst(list);
  return (
    <Stack gap="lg">
      {list.lastFailure && (
        <Alert color="red" variant="light" title="The last backup failed" role="alert" data-testid="backup-last-failure">
          On {formatWhen(list.lastFailure.at, list.timeZone)} ({triggerLabel(list.lastFailure.trigger).toLowerCase()}): {list.lastFailure.message}
        </Alert>
      )}
      <Stack gap={4}>
        <Title order={2} size="h3">
          Schedule
        </Title>
        <Schedule list={list} />
      </Stack>
      <Stack gap={4}>
        <Title order={2} size="h3">
          Back up now
        </Title>
        <Text size="sm" c="dimmed">
          Takes a copy of everything now, then reads it back to check it. The site stays open meanwhile.
        </Text>
        <BackupNow list={list} run={run} setRun={setRun} onStarted={() => void client.invalidateQueries({ queryKey: backupsKey })} />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Backups on the server
        </Title>
        {backups.length === 0 ? (
          <Text size="sm">There are no backups yet.</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {backups.length === 1 ? '1 backup' : `${backups.length} backups`}, times in {list.timeZone}. “Verified” means the backup was read back in full and every checksum matched.
            </Text>
            <BackupsTable backups={backups} timeZone={list.timeZone} downloads={downloads.states} onDownload={(name) => void downloads.start(name)} />
          </>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={2} size="h3">
          Restoring
        </Title>
        <Text size="sm">
          A restore replaces the site’s content, so it is done on the server from the command line:{' '}
          <Code style={{ whiteSpace: 'nowrap' }}>npm run cli -- restore FILE</Code> (add <Code style={{ whiteSpace: 'nowrap' }}>--replace</Code> to overwrite the
          current content). The steps are in the operations guide, docs/operations.md.
        </Text>
      </Stack>
    </Stack>
  );
}

export function BackupsScreen() {
  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title="Backups">
          Copies of the whole site (pages, accounts, settings, pictures and files) kept in the server’s backup folder.
        </ScreenHeading>
        <BackupsBody />
      </Stack>
    </Screen>
  );
}
