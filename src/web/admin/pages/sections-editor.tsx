/**
 * A page's sections in the page editor: each with its kind in words, its
 * heading, the options its kind allows, its blocks (section-blocks.tsx: edited
 * in place), a link to its list screen and "Remove section"; reordered by drag and drop, by keyboard (dnd-kit's
 * keyboard sensor, with announcements in words) and with Move buttons, as
 * the list screens do; "Add section" of a chosen kind. Edits stay on screen
 * until the page is saved (section-edits.ts holds the rules).
 */
import { closestCorners } from '@dnd-kit/core';
import { ActionIcon, Anchor, Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { kinds } from '../../../shared/kinds.js';
import { sectionHeadingMax, sectionKinds, sectionLimitMax, sectionOptionsByKind, sectionsMax } from '../../../shared/page-sections.js';
import { listPathOf } from '../../../shared/routes.js';
import { ConfirmDialog } from '../editorial/confirm-dialog.js';
import { Icon, icons } from '../list/row-parts.js';
import { moveButtonKey, movedSentence, useFocusAfterMove, type MoveVia } from '../list/move-focus.js';
import { DragHandle, SortableList, useSortableItem } from '../list/sortable-list.js';
import { addRow, kindLabel, limitOf, moveRow, removeRow, rowName, setHeading, setOption, type SectionKind, type SectionRow } from './section-edits.js';

interface SectionsEditorProps {
  rows: SectionRow[];
  onChange(rows: SectionRow[]): void;
  /** Server errors about the sections (`sections.2.heading`), by row index. */
  errors: Record<number, string>;
  /** A saved section's blocks, shown and edited where the section is (section-blocks.tsx). */
  blocksOf(row: SectionRow): ReactNode;
}

function SectionItem({ row, index, count, error, onRows, rows, onMove, onAskRemove, blocksOf }: {
  blocksOf(row: SectionRow): ReactNode;
  row: SectionRow;
  index: number;
  count: number;
  error: string | undefined;
  rows: SectionRow[];
  onRows(rows: SectionRow[]): void;
  onMove(from: number, to: number, via: MoveVia): void;
  onAskRemove(row: SectionRow): void;
}) {
  const { sortable, style } = useSortableItem(row.key);
  const name = rowName(row);
  const allowed: readonly string[] = sectionOptionsByKind[row.kind];
  const defaultHeading = kinds[row.kind].heading;
  const headingId = `section-${row.key}-kind`;
  return (
    <li ref={sortable.setNodeRef} style={style} data-testid="section-row" data-key={row.key} aria-labelledby={headingId}>
      <Paper withBorder p="sm" radius="md" shadow={sortable.isDragging ? 'md' : undefined}>
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap" align="center">
            <DragHandle sortable={sortable} name={name} />
            <Title order={3} size="h5" id={headingId} style={{ flex: 1, minWidth: 0 }}>
              {`${index + 1}. ${kindLabel(row.kind)}`}
            </Title>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move ${name} up`} data-move={moveButtonKey(row.key, 'up')} disabled={index === 0} onClick={() => onMove(index, index - 1, 'up')}>
              <Icon path={icons.up} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move ${name} down`} data-move={moveButtonKey(row.key, 'down')} disabled={index === count - 1} onClick={() => onMove(index, index + 1, 'down')}>
              <Icon path={icons.down} />
            </ActionIcon>
          </Group>
          <TextInput
            label="Heading"
            description={defaultHeading ? `Leave empty for “${defaultHeading}”.` : 'Leave empty for no heading.'}
            value={row.heading}
            maxLength={sectionHeadingMax}
            error={error}
            onChange={(e) => onRows(setHeading(rows, row.key, e.currentTarget.value))}
          />
          {(allowed.length > 0) && (
            <Group gap="md" align="flex-end" wrap="wrap">
              {allowed.includes('carousel') && (
                <Switch label="Show as a carousel, even with one slide" checked={row.options.carousel === true} onChange={(e) => onRows(setOption(rows, row.key, 'carousel', e.currentTarget.checked || undefined))} />
              )}
              {allowed.includes('limit') && (
                <NumberInput
                  label={`How many ${kinds[row.kind].nouns.many} at most`}
                  description="Empty shows them all"
                  min={1}
                  max={sectionLimitMax}
                  allowDecimal={false}
                  w={220}
                  value={row.options.limit ?? ''}
                  onChange={(v) => onRows(setOption(rows, row.key, 'limit', limitOf(v)))}
                />
              )}
              {allowed.includes('upcomingOnly') && (
                <Switch label="Upcoming events only" checked={row.options.upcomingOnly === true} onChange={(e) => onRows(setOption(rows, row.key, 'upcomingOnly', e.currentTarget.checked || undefined))} />
              )}
            </Group>
          )}
          {row.collection ? blocksOf(row) : (
            <Text size="sm" c="dimmed">
              Save the page to add blocks to this section.
            </Text>
          )}
          <Group gap="sm" justify="space-between" wrap="wrap">
            {row.collection ? (
              <Anchor component={Link} to={listPathOf(row.collection)} size="sm" aria-label={`Open as a list: ${name}, with search and history`}>
                Open as a list
              </Anchor>
            ) : <span />}
            <Button variant="subtle" color="red" size="xs" onClick={() => onAskRemove(row)} aria-label={`Remove section ${name}`}>
              Remove section
            </Button>
          </Group>
        </Stack>
      </Paper>
    </li>
  );
}

export function SectionsEditor({ rows, onChange, errors, blocksOf }: SectionsEditorProps) {
  const [announcement, setAnnouncement] = useState('');
  const [toRemove, setToRemove] = useState<SectionRow | null>(null);
  const [kind, setKind] = useState<SectionKind>('section');
  const focusAfterMove = useFocusAfterMove();
  const keepNote = 'Save the page to keep the new order.';

  const say = (text: string) => {
    // The same sentence twice must still be read out: clear, then set.
    setAnnouncement('');
    window.setTimeout(() => setAnnouncement(text), 50);
  };

  const move = (from: number, to: number, via?: MoveVia) => {
    const moved = rows[from];
    if (!moved || to < 0 || to >= rows.length || from === to) return;
    if (via) focusAfterMove(moved.key, via);
    onChange(moveRow(rows, from, to));
    say(`${movedSentence(rowName(moved), to, rows.length)} ${keepNote}`);
  };

  const add = () => {
    const next = addRow(rows, kind);
    onChange(next);
    say(`A new section (${kindLabel(kind)}) is added at position ${next.length}. Save the page to create it.`);
  };

  const remove = () => {
    if (!toRemove) return;
    onChange(removeRow(rows, toRemove.key));
    say(`${rowName(toRemove)} is removed from the page. Save the page to keep it so.`);
    setToRemove(null);
  };

  return (
    <Stack gap="sm">
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      {rows.length === 0 ? (
        <Text size="sm">This page has no sections yet.</Text>
      ) : (
        // Sections differ in height (their options): closest corners finds the neighbour a keyboard move lands on.
        <SortableList
          ids={rows.map((r) => r.key)}
          nameOf={(key) => {
            const r = rows.find((x) => x.key === key);
            return r ? rowName(r) : 'The section';
          }}
          label="Sections, in the order visitors see them"
          component="ol"
          collisionDetection={closestCorners}
          droppedNote={keepNote}
          onMove={(from, to) => onChange(moveRow(rows, from, to))}
        >
          {rows.map((row, index) => (
            <SectionItem key={row.key} blocksOf={blocksOf} row={row} index={index} count={rows.length} error={errors[index]} rows={rows} onRows={onChange} onMove={move} onAskRemove={setToRemove} />
          ))}
        </SortableList>
      )}
      {rows.length < sectionsMax && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Kind of section to add"
            data={sectionKinds.map((k) => ({ value: k, label: kindLabel(k) }))}
            value={kind}
            allowDeselect={false}
            onChange={(v) => v && setKind(v as SectionKind)}
            w={240}
          />
          <Button variant="default" onClick={add}>
            Add section
          </Button>
        </Group>
      )}
      <ConfirmDialog opened={toRemove !== null} title="Remove this section?" confirmLabel="Remove section" danger working={false} onCancel={() => setToRemove(null)} onConfirm={remove}>
        {toRemove
          ? `${rowName(toRemove)} comes off the page when you save it and publish the changes. Its blocks are not deleted: they stay in their own list${toRemove.collection ? ` (${listPathOf(toRemove.collection)})` : ''}, where you can move them to the Trash.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
