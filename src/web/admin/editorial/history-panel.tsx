/**
 * The form's History: every revision of the block, newest first (number, what
 * happened, who, when), and for the one chosen a field-by-field comparison
 * with the working copy (changed fields only unless asked), with "Restore this
 * version", which makes it the working copy as unpublished changes.
 */
import { Alert, Badge, Box, Button, Group, Image, Paper, Stack, Switch, Text, Title, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import type { CollectionDef } from '../../../shared/collections.js';
import { revisionActionLabels, type RevisionSummary } from '../../../shared/editorial.js';
import { ApiError } from '../../api-client.js';
import { useCategories, type StaffDocument } from '../content/documents.js';
import { previewUrl, useMediaInfo } from '../content/media.js';
import { absoluteTime, relativeTime } from '../content/relative-time.js';
import { ContentLoader, LoadFailed } from '../content/screen.js';
import { restoreRevision, useRevision, useRevisions } from './api.js';
import { compareRevision, shownText, type FieldComparison, type ShownValue } from './compare.js';
import { ConfirmDialog } from './confirm-dialog.js';

interface HistoryPanelProps {
  collection: CollectionDef;
  doc: StaffDocument;
  /** The form has unsaved changes (a restore replaces them). */
  dirty: boolean;
  onRestored(doc: StaffDocument): void;
  onConflict(): void;
  announce(message: string): void;
  /** The revision to show first (a link from the audit log). */
  initialRevision?: string | null;
}

function Thumb({ value }: { value: Extract<ShownValue, { kind: 'image' }> }) {
  const info = useMediaInfo(value.mediaId);
  return (
    <Stack gap={4}>
      <Box w={120} h={90} style={{ borderRadius: 4, overflow: 'hidden', background: info.data?.dominantColor ?? 'var(--mantine-color-gray-2)' }}>
        {info.data && <Image src={previewUrl(value.mediaId, info.data)} alt={value.decorative ? '' : value.alt} w={120} h={90} fit="cover" />}
      </Box>
      <Text size="xs" c="dimmed">
        {value.decorative ? 'Decorative (no alt text)' : `Alt text: ${value.alt || '—'}`}
      </Text>
    </Stack>
  );
}

function Value({ value }: { value: ShownValue }) {
  if (value.kind === 'image') return <Thumb value={value} />;
  return (
    <Text size="sm" c={value.kind === 'empty' ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {value.kind === 'empty' ? '(empty)' : shownText(value)}
    </Text>
  );
}

function FieldRow({ row, number }: { row: FieldComparison; number: number }) {
  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={`${row.label}${row.changed ? ', changed' : ', unchanged'}`} data-testid="compared-field" data-field={row.name} data-changed={row.changed}>
      <Group gap="xs" mb={4}>
        <Text fw={600} size="sm">
          {row.label}
        </Text>
        {row.changed ? (
          <Badge size="xs" variant="outline" color="#8a4b00" bg="white" tt="none">
            Changed
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            unchanged
          </Text>
        )}
      </Group>
      <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 12 }}>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Version {number}
          </Text>
          <Value value={row.before} />
        </div>
        {row.changed && (
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              Now (working copy)
            </Text>
            <Value value={row.after} />
          </div>
        )}
      </Box>
    </Paper>
  );
}

function Comparison({ collection, doc, summary, dirty, onRestored, onConflict, announce }: HistoryPanelProps & { summary: RevisionSummary }) {
  const revision = useRevision(collection.name, doc.id, summary.id);
  const categories = useCategories();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const [asking, setAsking] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();

  if (revision.isPending) return <ContentLoader label={`Loading version ${summary.number}`} />;
  if (revision.isError) return <LoadFailed title={`Version ${summary.number} could not be loaded`} error={revision.error} onRetry={() => void revision.refetch()} />;

  const names = new Map((categories.data ?? []).map((c) => [c.value, c.label]));
  const rows = compareRevision(collection.fields, revision.data.data, doc.data, (id) => names.get(id));
  const changed = rows.filter((r) => r.changed);
  const shown = showUnchanged ? rows : changed;

  const restore = async () => {
    setRestoring(true);
    setFailure(null);
    try {
      const restored = await restoreRevision(collection.name, doc.id, summary.id, doc.version);
      setAsking(false);
      onRestored(restored);
      announce(
        restored.status === 'published'
          ? `Version ${summary.number} is restored as unpublished changes. The website still shows the published version until you publish the changes.`
          : `Version ${summary.number} is restored into the draft.`,
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'aborted') {
        setAsking(false);
        onConflict();
      } else setFailure(err instanceof Error ? err.message : 'The version could not be restored.');
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Stack gap="sm" aria-labelledby={headingId} role="region">
      <Title order={3} size="h5" id={headingId}>
        Version {summary.number} compared with the working copy
      </Title>
      <Text size="sm" aria-live="polite">
        {changed.length === 0 ? 'No field differs from the working copy.' : `${changed.length === 1 ? '1 field differs' : `${changed.length} fields differ`}: ${changed.map((r) => r.label).join(', ')}.`}
      </Text>
      <Switch label="Show unchanged fields" checked={showUnchanged} onChange={(e) => setShowUnchanged(e.currentTarget.checked)} />
      {shown.map((row) => (
        <FieldRow key={row.name} row={row} number={summary.number} />
      ))}
      {failure && (
        <Alert color="red" role="alert" title="Not restored">
          {failure}
        </Alert>
      )}
      <Group>
        <Button variant="default" onClick={() => setAsking(true)} disabled={changed.length === 0}>
          Restore this version
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={`Restore version ${summary.number}?`}
        confirmLabel="Restore this version"
        working={restoring}
        onCancel={() => setAsking(false)}
        onConfirm={() => void restore()}
      >
        {doc.status === 'published'
          ? `The form will hold version ${summary.number} as unpublished changes. The website keeps showing the published version until you publish the changes.${dirty ? ' What you typed since the last save is lost.' : ''}`
          : `The draft will hold version ${summary.number}.${dirty ? ' What you typed since the last save is lost.' : ''}`}
      </ConfirmDialog>
    </Stack>
  );
}

export function HistoryPanel(props: HistoryPanelProps) {
  const { collection, doc } = props;
  const revisions = useRevisions(collection.name, doc.id, doc.version);
  const [selected, setSelected] = useState<string | null>(props.initialRevision ?? null);
  const chosen = revisions.data?.find((r) => r.id === selected) ?? null;

  if (revisions.isPending) return <ContentLoader label="Loading the history" />;
  if (revisions.isError) return <LoadFailed title="The history could not be loaded" error={revisions.error} onRetry={() => void revisions.refetch()} />;
  if (revisions.data.length === 0) return <Text size="sm">No versions are kept for this block yet.</Text>;

  return (
    <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: 16, alignItems: 'start' }}>
      <Stack gap={4} component="ol" aria-label="Versions, newest first" m={0} p={0} style={{ listStyle: 'none' }}>
        {revisions.data.map((r) => (
          <li key={r.id}>
            <UnstyledButton
              onClick={() => setSelected(r.id)}
              aria-pressed={r.id === selected}
              data-testid="revision"
              p="xs"
              w="100%"
              style={{ borderRadius: 4, border: '1px solid var(--mantine-color-gray-4)', background: r.id === selected ? 'var(--mantine-color-blue-0)' : undefined }}
            >
              <Text size="sm" fw={600}>
                {r.number}. {revisionActionLabels[r.action]}
              </Text>
              <Text size="xs" c="dimmed">
                {r.by ? `by ${r.by.name}, ` : ''}
                <time dateTime={r.at}>
                  {relativeTime(r.at)} ({absoluteTime(r.at)})
                </time>
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      {chosen ? (
        <Comparison key={chosen.id} {...props} summary={chosen} />
      ) : (
        <Text size="sm" c="dimmed">
          Choose a version to compare it with the working copy.
        </Text>
      )}
    </Box>
  );
}
