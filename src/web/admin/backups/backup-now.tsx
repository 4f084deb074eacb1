/**
 * "Back up now" and the progress of the backup being taken: the button starts
 * one (POST), the list is read again about once a second until no backup runs
 * and the new one is in the list (or has failed), and the outcome is said in
 * a live region.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import type { BackupList, BackupProgress } from '../../../shared/backup-api.js';
import { parseBackupName } from '../../../shared/backups.js';
import { backupErrorMessage, startBackup } from './api.js';
import { formatBytes, formatCount, formatWhen } from './format.js';

/** One "Back up now" from this screen, from the click to its outcome. */
export type Run =
  | { state: 'starting' }
  | { state: 'refused'; message: string }
  | { state: 'running'; name: string; since: number; idlePolls: number }
  | { state: 'done'; name: string; verified: boolean }
  | { state: 'failed'; message: string }
  | { state: 'lost'; name: string };

/** Polls with no backup running and no sign of ours before the screen stops waiting for it. */
const maxIdlePolls = 15;

/** Where a run stands after a fresh answer of the list. */
export function advanceRun(run: Run, list: BackupList): Run {
  if (run.state !== 'running') return run;
  // The file may be listed while it is still being checked: done is when it no longer runs.
  if (list.running?.name === run.name) return { ...run, idlePolls: 0 };
  const made = list.backups.find((b) => b.name === run.name);
  if (made) return { state: 'done', name: made.name, verified: made.verified };
  const failure = list.lastFailure;
  if (failure && failure.trigger === 'manual' && Date.parse(failure.at) >= run.since) return { state: 'failed', message: failure.message };
  if (list.running) return { ...run, idlePolls: 0 };
  if (run.idlePolls + 1 >= maxIdlePolls) return { state: 'lost', name: run.name };
  return { ...run, idlePolls: run.idlePolls + 1 };
}

/** True while the screen should read the list again every second. */
export function shouldPoll(run: Run | null, list: BackupList | undefined): boolean {
  return Boolean(list?.running) || run?.state === 'running';
}

const phaseWords: Record<BackupProgress['phase'], string> = {
  writing: 'writing the archive',
  verifying: 'reading it back to check every file',
};

function ProgressPanel({ progress, timeZone }: { progress: BackupProgress; timeZone: string }) {
  return (
    <Box maw={520} data-testid="backup-progress">
      <progress aria-label="Backup in progress" style={{ width: '100%', height: '0.75rem' }} />
      <Text size="sm">
        Backup started {formatWhen(progress.startedAt, timeZone)}: {phaseWords[progress.phase]}. {formatCount(progress.rows)} rows, {formatBytes(progress.bytes)} written so far.
      </Text>
    </Box>
  );
}

export function BackupNow({ list, run, setRun, onStarted }: { list: BackupList; run: Run | null; setRun(run: Run): void; onStarted(): void }) {
  const statusId = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  const [announce, setAnnounce] = useState('');
  const running = list.running;
  const busy = Boolean(running) || run?.state === 'starting' || run?.state === 'running';

  // The live region says what changed: started, the phase, the outcome. The numbers are on screen, not read out every second.
  const phase = running?.phase ?? null;
  const hadPhase = useRef(false);
  useEffect(() => {
    if (phase) setAnnounce(`Backup in progress: ${phaseWords[phase]}.`);
    // A backup not started here (the schedule's, another tab's) ends without an outcome of ours to tell.
    else if (hadPhase.current) setAnnounce('The backup has finished.');
    hadPhase.current = phase !== null;
  }, [phase]);
  useEffect(() => {
    if (run?.state === 'done') setAnnounce(run.verified ? 'Backup finished and verified. It is at the top of the list.' : 'Backup finished but not verified. It is at the top of the list.');
    if (run?.state === 'lost') setAnnounce('The backup is no longer running, but it is not in the list. Reload the page to check.');
    // The failure's details are the screen's "last backup failed" alert at the top; the status says it here.
    if (run?.state === 'failed') setAnnounce(`The backup failed: ${run.message}`);
    if (run?.state === 'refused') {
      setAnnounce('');
      alertRef.current?.focus();
    }
  }, [run]);

  const start = async () => {
    if (busy) return;
    setRun({ state: 'starting' });
    setAnnounce('Starting a backup…');
    try {
      const { name } = await startBackup();
      // The name carries the server's time of the start: a failure at or after it is this backup's.
      const since = parseBackupName(name)?.at.getTime() ?? Date.now();
      setRun({ state: 'running', name, since, idlePolls: 0 });
    } catch (err) {
      setRun({ state: 'refused', message: backupErrorMessage(err) });
    } finally {
      onStarted();
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="md" align="center" wrap="wrap">
        <Button
          onClick={() => void start()}
          aria-disabled={busy || undefined}
          data-disabled={busy || undefined}
          aria-describedby={statusId}
        >
          Back up now
        </Button>
        <Text size="sm" id={statusId} role="status" aria-live="polite" data-testid="backup-status">
          {announce}
        </Text>
      </Group>
      {running ? (
        <ProgressPanel progress={running} timeZone={list.timeZone} />
      ) : run?.state === 'starting' || run?.state === 'running' ? (
        <Box maw={520} data-testid="backup-progress">
          <progress aria-label="Backup in progress" style={{ width: '100%', height: '0.75rem' }} />
          <Text size="sm">Starting the backup…</Text>
        </Box>
      ) : null}
      {run?.state === 'refused' && (
        <Alert ref={alertRef} tabIndex={-1} color="red" variant="light" role="alert" title="The backup could not be started" maw={720}>
          {run.message}
        </Alert>
      )}
    </Stack>
  );
}
