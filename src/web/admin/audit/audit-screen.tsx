/**
 * /audit (super only): the audit log, newest first, with when (in the site's
 * time zone), who, what in words, the collection, the subject and the
 * address; filters by person, collection, action and period kept in the
 * address (a filtered view can be bookmarked); pages of `auditPageSize`; and
 * the CSV file of every line the filters match.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Box, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { collections, getCollection } from '../../../shared/collections.js';
import { auditActionLabels, auditActions, auditPageSize, revisionParam, type AuditEntry } from '../../../shared/editorial.js';
import { editPathOf } from '../../../shared/routes.js';
import { sitePageCollection } from '../../../shared/site-structure.js';
import { ContentLoader, LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { DownloadButton } from '../content/download-button.js';
import { formatCount, formatWhen } from '../backups/format.js';
import { Pager } from '../content/pager.js';
import { auditErrorMessage, auditListQuery, downloadAuditCsv, filterParams, filtersFromParams, noFilters, staffAccountsQuery, type AuditFilters } from './api.js';

const actionOptions = [{ value: '', label: 'Every action' }, ...auditActions.map((a) => ({ value: a, label: auditActionLabels[a] }))];
const collectionOptions = [
  { value: '', label: 'Every collection' },
  ...[...collections].sort((a, b) => a.label.localeCompare(b.label)).map((c) => ({ value: c.name, label: c.label })),
];

/** The subject; for a block that still exists, a link to its form, opening its History on the revision the change made. */
function Subject({ entry }: { entry: AuditEntry }) {
  const text = entry.subject ?? '';
  if (!entry.collection || !entry.subjectId || !getCollection(entry.collection) || entry.action === 'content.purge') return <>{text}</>;
  const to = `${editPathOf(entry.collection, entry.subjectId)}${entry.revisionId ? `?${revisionParam}=${encodeURIComponent(entry.revisionId)}` : ''}`;
  return (
    <Anchor component={Link} to={to} size="sm">
      {text || (entry.collection === sitePageCollection ? 'Open the page' : 'Open the block')}
      {entry.revisionId && <VisuallyHidden> (open the revision)</VisuallyHidden>}
    </Anchor>
  );
}

function collectionLabel(name: string | null): string {
  if (!name) return '';
  return getCollection(name)?.label ?? name;
}

function who(entry: AuditEntry): string {
  return entry.actor ? entry.actor.name || entry.actor.email : 'Nobody signed in';
}

/** "Showing 51–100 of 340". */
export function showingText(page: number, shown: number, total: number): string {
  if (total === 0) return 'No lines';
  const first = (page - 1) * auditPageSize + 1;
  return `Showing ${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`;
}

function Filters({ filters, onApply }: { filters: AuditFilters; onApply(f: AuditFilters): void }) {
  const [draft, setDraft] = useState(filters);
  // The address changed (Back, a bookmark): the form shows what is applied.
  useEffect(() => setDraft(filters), [filters]);
  const accounts = useQuery(staffAccountsQuery());
  const personOptions = useMemo(() => {
    const options = [{ value: '', label: accounts.isError ? 'Everyone (the accounts could not be loaded)' : 'Everyone' }];
    for (const u of [...(accounts.data ?? [])].sort((a, b) => (a.displayName || a.email).localeCompare(b.displayName || b.email))) {
      options.push({ value: u.uid, label: u.displayName ? `${u.displayName} (${u.email})` : u.email });
    }
    // A filter on an account that is gone (deleted since) still shows what it is.
    if (draft.actor && !options.some((o) => o.value === draft.actor)) options.push({ value: draft.actor, label: 'A deleted account' });
    return options;
  }, [accounts.data, accounts.isError, draft.actor]);

  const set = (name: keyof AuditFilters) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Card withBorder padding="md" radius="md" component="form" onSubmit={submit} aria-labelledby="audit-filters-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="audit-filters-heading">
          Filters
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <NativeSelect label="Person" data={personOptions} value={draft.actor} onChange={(e) => set('actor')(e.currentTarget.value)} />
          <NativeSelect label="Collection" data={collectionOptions} value={draft.collection} onChange={(e) => set('collection')(e.currentTarget.value)} />
          <NativeSelect label="Action" data={actionOptions} value={draft.action} onChange={(e) => set('action')(e.currentTarget.value)} />
          <TextInput type="date" label="From" description="The first day, included" value={draft.from} onChange={(e) => set('from')(e.currentTarget.value)} max={draft.to || undefined} />
          <TextInput type="date" label="To" description="The last day, included" value={draft.to} onChange={(e) => set('to')(e.currentTarget.value)} min={draft.from || undefined} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Days run from midnight to midnight UTC.
        </Text>
        <Group gap="sm">
          <Button type="submit">Apply filters</Button>
          {filtered && (
            <Button variant="default" onClick={() => onApply(noFilters)}>
              Clear filters
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function LinesTable({ entries, timeZone, caption }: { entries: AuditEntry[]; timeZone: string; caption: string }) {
  return (
    <>
      <Box visibleFrom="sm" className="staff-table-region" role="region" aria-label="Audit log lines" tabIndex={0}>
        <Table striped verticalSpacing="xs" captionSide="top">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Who</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
              <Table.Th scope="col">Collection</Table.Th>
              <Table.Th scope="col">Subject</Table.Th>
              <Table.Th scope="col">Address</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id} data-audit-line={e.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={e.at}>{formatWhen(e.at, timeZone)}</time>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{who(e)}</Text>
                  {e.actor && e.actor.name !== e.actor.email && (
                    <Text size="xs" c="dimmed">
                      {e.actor.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{auditActionLabels[e.action]}</Table.Td>
                <Table.Td>{collectionLabel(e.collection)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                  <Subject entry={e} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.ip ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="sm" gap="xs">
        <Text size="sm" c="dimmed" id="audit-lines-caption">
          {caption}
        </Text>
        <Stack gap="sm" component="ul" aria-labelledby="audit-lines-caption" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((e) => (
            <Card component="li" key={e.id} withBorder padding="sm" radius="md" data-audit-line={e.id}>
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {auditActionLabels[e.action]}
                  {e.collection ? ` · ${collectionLabel(e.collection)}` : ''}
                </Text>
                {e.subject && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Subject entry={e} />
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  <time dateTime={e.at}>{formatWhen(e.at, timeZone)}</time> · {who(e)}
                  {e.ip ? ` · ${e.ip}` : ''}
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
      </Stack>
    </>
  );
}

/** The audit log under the current filters, as CSV. */
function DownloadCsv({ filters, disabled }: { filters: AuditFilters; disabled: boolean }) {
  return <DownloadButton label="Download CSV" disabled={disabled} run={(signal) => downloadAuditCsv(filters, signal)} errorMessage={auditErrorMessage} />;
}

function AuditBody({ filters, page, onPage }: { filters: AuditFilters; page: number; onPage(p: number): void }) {
  const list = useQuery(auditListQuery(filters, page));
  const { timeZone } = useSiteTimeZone();

  if (list.isPending) return <ContentLoader label="Loading the audit log" />;
  if (list.isError) return <LoadFailed title="The audit log could not be loaded" error={new Error(auditErrorMessage(list.error))} onRetry={() => void list.refetch()} />;

  const { entries, total } = list.data;
  const pages = Math.max(1, Math.ceil(total / auditPageSize));
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Title order={2} size="h4" id="audit-lines-heading">
            Lines
          </Title>
          <Text size="sm" aria-live="polite" data-testid="audit-showing">
            {showingText(page, entries.length, total)}
          </Text>
        </Stack>
        <DownloadCsv filters={filters} disabled={total === 0} />
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" data-testid="audit-empty">
          {total > 0
            ? 'There are no lines on this page. Go back to the first page.'
            : filtered
              ? 'No line matches these filters. Widen the period or clear a filter.'
              : 'Nothing has been recorded yet. Sign-ins and every change staff make will appear here.'}
        </Text>
      ) : (
        <LinesTable entries={entries} timeZone={timeZone} caption={`Audit log, newest first; times in ${timeZone}`} />
      )}
      <Pager label="Audit log pages" page={page} pages={pages} onPage={onPage} />
    </Stack>
  );
}

export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = useMemo(() => filtersFromParams(params), [params]);


  const apply = (next: AuditFilters) => {
    // New filters start at the first page.
    setParams(filterParams(next));
  };
  const goTo = (p: number) => {
    const next = filterParams(filters);
    if (p > 1) next.set('page', String(p));
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title="Audit log">
          Every change anyone makes, and every sign-in, as it happened. Lines are never changed; old ones are removed only from the command line.
        </ScreenHeading>
        <Filters filters={filters} onApply={apply} />
        <AuditBody filters={filters} page={page} onPage={goTo} />
      </Stack>
    </Screen>
  );
}
