/**
 * The last backup's failure, above every staff screen of a super-admin (the
 * backups screen shows it itself). Admins never render it: the list is theirs
 * to read only as super-admins, and the server would answer 403.
 */
import { Link, useLocation } from 'react-router';
import { Alert, Anchor, Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { can, type Principal } from '../../../shared/access.js';
import { backupsScreenPath } from '../../../shared/backups.js';
import { backupsQuery } from './api.js';
import { formatWhen, triggerLabel } from './format.js';

/** How long the answer counts as fresh on other screens: a failure is news for minutes, not seconds. */
const staleMs = 60_000;

export function BackupFailureNotice({ user }: { user: Principal }) {
  const { pathname } = useLocation();
  const allowed = can(user, 'read', { type: 'backups' });
  const onBackups = pathname === backupsScreenPath;
  const query = useQuery({ ...backupsQuery(), enabled: allowed && !onBackups, staleTime: staleMs });
  const failure = allowed && !onBackups ? query.data?.lastFailure : null;
  if (!failure || !query.data) return null;
  return (
    <Box component="section" aria-label="Backups" px={{ base: 'sm', sm: 'lg' }} pt="md" maw={1120}>
      <Alert color="red" variant="light" role="alert">
        <Text size="sm" fw={600}>
          The last backup failed on {formatWhen(failure.at, query.data.timeZone)} ({triggerLabel(failure.trigger).toLowerCase()}): {failure.message}
        </Text>
        <Anchor component={Link} to={backupsScreenPath} size="sm" fw={600} mt={4} display="inline-block">
          Go to Backups
        </Anchor>
      </Alert>
    </Box>
  );
}
