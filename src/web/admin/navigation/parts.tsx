/**
 * The navigation editor's rows: a top-bar item (a link, or a menu with its
 * links), a footer list (a heading and its links) and a link. Each row is a
 * sortable item with a drag handle, Move up/down buttons (focus follows the
 * moved row) and Remove; a link says where it goes: a page (drafts, pages in
 * the Trash and missing ones marked) or an outside https:// address.
 */
import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { useSortable } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import { navLabelMax } from '../../../shared/site-navigation.js';
import { navLabelOf } from '../../../shared/site-structure.js';
import { Icon, icons } from '../list/row-parts.js';
import { neutralGrey, warningBrown } from '../theme.js';
import { moveButtonKey, type MoveVia } from '../list/move-focus.js';
import { DragHandle, SortableList, useSortableItem } from '../list/sortable-list.js';
import type { LinkablePage } from './api.js';
import { targetOf, withTarget, type EditFooterList, type EditHeaderItem, type EditLink, type ListRef } from './model.js';

/** What every row needs from the screen: the pages, the errors by field path, and the steps. */
export interface EditorContext {
  pages: LinkablePage[];
  /** Pages in the Trash that items point to, by id: their titles. */
  trashed: ReadonlyMap<string, string>;
  /** Error messages by document path (`header.1.children.2.url`). */
  errors: Record<string, string>;
  /** Document path of each key. */
  pathOf(key: string): string;
  update(key: string, change: (item: EditLink) => EditLink): void;
  updateList(key: string, change: (list: EditFooterList) => EditFooterList): void;
  move(ref: ListRef, from: number, to: number, via?: MoveVia): void;
  remove(ref: ListRef, key: string): void;
  addLink(ref: ListRef): void;
  /** Which top-bar items show their fields. */
  isOpen(key: string): boolean;
  toggle(key: string): void;
}

/** A link's name in buttons and announcements. */
export function nameOf(label: string, fallback = 'New link'): string {
  return `“${label.trim() || fallback}”`;
}

/** Why visitors cannot open the page a link points to: a draft, in the Trash, or gone for good; null when they can (or it points elsewhere). */
export type LinkProblem = 'draft' | 'trash' | 'missing';

function problemOf(link: Pick<EditLink, 'page'>, ctx: Pick<EditorContext, 'pages' | 'trashed'>): LinkProblem | null {
  if (link.page === undefined) return null;
  const page = ctx.pages.find((p) => p.id === link.page);
  if (page) return page.livePath === null ? 'draft' : null;
  return ctx.trashed.has(link.page) ? 'trash' : 'missing';
}

/** The badge of a link's problem, and of a menu with such a link (the worst first). */
const problemWords: Record<LinkProblem, { link: string; menu: string }> = {
  trash: { link: 'Page in the Trash', menu: 'Links to a page in the Trash' },
  missing: { link: 'Missing page', menu: 'Links to a missing page' },
  draft: { link: 'Draft page', menu: 'Links to a draft page' },
};

function ProblemBadge({ problem, words }: { problem: LinkProblem; words: 'link' | 'menu' }) {
  return (
    <Badge color={problem === 'draft' ? warningBrown : '#a51d1d'} variant="outline" bg="white" tt="none" size="sm" data-testid="link-warning">
      {problemWords[problem][words]}
    </Badge>
  );
}

/** Where a link goes, in words, with a warning when visitors cannot open that page. */
function Destination({ link, ctx }: { link: EditLink; ctx: Pick<EditorContext, 'pages' | 'trashed'> }) {
  if (link.url !== undefined) return <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{link.url}</Text>;
  if (link.page === undefined) return <Text size="sm" c="dimmed">No page chosen yet</Text>;
  const page = ctx.pages.find((p) => p.id === link.page);
  const trashed = ctx.trashed.get(link.page);
  const problem = problemOf(link, ctx);
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {page ? `${page.title} (${page.path})` : trashed !== undefined ? `“${trashed}”, deleted` : 'A page that no longer exists'}
      </Text>
      {problem && <ProblemBadge problem={problem} words="link" />}
    </Group>
  );
}


/** Drag handle, Move up/down and Remove of one row. */
function RowControls({ id, name, index, count, sortable, onMove, onRemove, extra }: { id: string; name: string; index: number; count: number; sortable: ReturnType<typeof useSortable>; onMove(to: number, via: MoveVia): void; onRemove(): void; extra?: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      <DragHandle sortable={sortable} name={name} />
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move ${name} up`} data-move={moveButtonKey(id, 'up')} disabled={index === 0} onClick={() => onMove(index - 1, 'up')}>
        <Icon path={icons.up} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Move ${name} down`} data-move={moveButtonKey(id, 'down')} disabled={index === count - 1} onClick={() => onMove(index + 1, 'down')}>
        <Icon path={icons.down} />
      </ActionIcon>
      {extra}
      <ActionIcon variant="subtle" color="red.8" size="lg" aria-label={`Remove ${name}`} onClick={onRemove}>
        <Icon path={icons.remove} />
      </ActionIcon>
    </Group>
  );
}

/** The "Goes to" choice: every page (drafts marked), or an outside address. */
function pageChoices(pages: LinkablePage[], trashed: ReadonlyMap<string, string>, current: string | undefined) {
  const items = pages.map((p) => ({ value: `page:${p.id}`, label: `${p.title} (${p.path})${p.livePath === null ? ' (draft)' : ''}` }));
  if (current !== undefined && !pages.some((p) => p.id === current)) {
    const title = trashed.get(current);
    items.unshift({ value: `page:${current}`, label: title !== undefined ? `${title} (in the Trash)` : 'A page that no longer exists' });
  }
  return [
    { value: '', label: 'Choose a page or an outside address', disabled: true },
    { group: 'Pages of the site', items },
    { group: 'Elsewhere', items: [{ value: 'url', label: 'An outside address (https://)' }] },
  ];
}

/** A link's fields: label, where it goes, and the address when outside. */
export function LinkFields({ link, ctx }: { link: EditLink; ctx: EditorContext }) {
  const path = ctx.pathOf(link.key);
  const err = (f: string) => ctx.errors[`${path}.${f}`];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="Label"
        id={`nav-${link.key}-label`}
        value={link.label}
        maxLength={navLabelMax}
        error={err('label')}
        onChange={(e) => {
          const label = e.currentTarget.value;
          ctx.update(link.key, (l) => ({ ...l, label }));
        }}
      />
      <NativeSelect
        label="Goes to"
        id={`nav-${link.key}-target`}
        data={pageChoices(ctx.pages, ctx.trashed, link.page)}
        value={targetOf(link)}
        error={err('page')}
        onChange={(e) => {
          const target = e.currentTarget.value;
          const page = ctx.pages.find((p) => `page:${p.id}` === target);
          // A new link takes the page's menu label until the editor gives it one.
          ctx.update(link.key, (l) => ({ ...withTarget(l, target), label: l.label.trim() ? l.label : page ? navLabelOf(page) : l.label }));
        }}
      />
      {link.url !== undefined && (
        <TextInput
          label="Outside address"
          id={`nav-${link.key}-url`}
          type="url"
          value={link.url}
          error={err('url')}
          onChange={(e) => {
            const url = e.currentTarget.value;
            ctx.update(link.key, (l) => ({ ...l, url }));
          }}
        />
      )}
    </SimpleGrid>
  );
}

/** A link inside a menu or a footer list: always open, its fields under its controls. */
function LinkRow({ link, index, count, list, ctx }: { link: EditLink; index: number; count: number; list: ListRef; ctx: EditorContext }) {
  const { sortable, style } = useSortableItem(link.key);
  const name = nameOf(link.label);
  return (
    <li ref={sortable.setNodeRef} style={style} data-testid="nav-link">
      <Paper withBorder p="xs" radius="sm" shadow={sortable.isDragging ? 'md' : undefined}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0} style={{ flex: '1 1 10rem', minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {link.label.trim() || 'New link'}
              </Text>
              <Destination link={link} ctx={ctx} />
            </Stack>
            <RowControls id={link.key} name={name} index={index} count={count} sortable={sortable} onMove={(to, via) => ctx.move(list, index, to, via)} onRemove={() => ctx.remove(list, link.key)} />
          </Group>
          <LinkFields link={link} ctx={ctx} />
        </Stack>
      </Paper>
    </li>
  );
}

/** The links of a menu or a footer list, sortable, with "Add link". */
export function LinkList({ links, list, owner, ctx }: { links: EditLink[]; list: ListRef; owner: string; ctx: EditorContext }) {
  const listError = ctx.errors[`${ctx.pathOf(list.in === 'menu' || list.in === 'footer-list' ? list.key : '')}.${list.in === 'menu' ? 'children' : 'links'}`];
  return (
    <Stack gap="xs">
      {links.length > 0 ? (
        <SortableList ids={links.map((l) => l.key)} nameOf={(id) => nameOf(links.find((l) => l.key === id)?.label ?? '')} label={`Links of ${owner}`} onMove={(from, to) => ctx.move(list, from, to)} component="ol">
          {links.map((l, i) => (
            <LinkRow key={l.key} link={l} index={i} count={links.length} list={list} ctx={ctx} />
          ))}
        </SortableList>
      ) : (
        <Text size="sm">No links yet.</Text>
      )}
      {listError && (
        <Text size="sm" c="var(--mantine-color-error)">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="default" size="xs" onClick={() => ctx.addLink(list)}>
          Add link to {owner}
        </Button>
      </Group>
    </Stack>
  );
}

/** A top-bar item: its name and where it goes, and (opened) its fields or its menu's links. */
export function HeaderItemRow({ item, index, count, ctx }: { item: EditHeaderItem; index: number; count: number; ctx: EditorContext }) {
  const { sortable, style } = useSortableItem(item.key);
  const name = nameOf(item.label, item.children ? 'New menu' : 'New link');
  const open = ctx.isOpen(item.key);
  const panelId = `nav-${item.key}-panel`;
  const path = ctx.pathOf(item.key);
  const hasError = Object.keys(ctx.errors).some((k) => k === path || k.startsWith(`${path}.`));
  const problems = new Set((item.children ?? []).map((c) => problemOf(c, ctx)));
  const menuProblem = (['trash', 'missing', 'draft'] as const).find((p) => problems.has(p));
  return (
    <li ref={sortable.setNodeRef} style={style} data-testid="nav-item">
      <Paper withBorder p="xs" radius="md" shadow={sortable.isDragging ? 'md' : undefined} style={hasError ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0} style={{ flex: '1 1 10rem', minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.label.trim() || (item.children ? 'New menu' : 'New link')}
                </Text>
                {item.children && (
                  <Badge variant="outline" color={neutralGrey} bg="white" tt="none" size="sm">
                    Menu · {item.children.length} {item.children.length === 1 ? 'link' : 'links'}
                  </Badge>
                )}
                {menuProblem && <ProblemBadge problem={menuProblem} words="menu" />}
              </Group>
              {!item.children && <Destination link={item} ctx={ctx} />}
            </Stack>
            <RowControls
              id={item.key}
              name={name}
              index={index}
              count={count}
              sortable={sortable}
              onMove={(to, via) => ctx.move({ in: 'header' }, index, to, via)}
              onRemove={() => ctx.remove({ in: 'header' }, item.key)}
              extra={
                <Button variant="default" size="xs" aria-expanded={open} aria-controls={panelId} onClick={() => ctx.toggle(item.key)} aria-label={`${open ? 'Close' : 'Open'} ${name}`}>
                  {open ? 'Close' : 'Open'}
                </Button>
              }
            />
          </Group>
          <div id={panelId} hidden={!open}>
            {open &&
              (item.children ? (
                <Stack gap="sm">
                  <TextInput
                    label="Menu label"
                    id={`nav-${item.key}-label`}
                    value={item.label}
                    maxLength={navLabelMax}
                    error={ctx.errors[`${path}.label`]}
                    onChange={(e) => {
                      const label = e.currentTarget.value;
                      ctx.update(item.key, (l) => ({ ...l, label }));
                    }}
                  />
                  <LinkList links={item.children} list={{ in: 'menu', key: item.key }} owner={`the ${name} menu`} ctx={ctx} />
                </Stack>
              ) : (
                <LinkFields link={item} ctx={ctx} />
              ))}
          </div>
        </Stack>
      </Paper>
    </li>
  );
}

/** A footer list: its heading and how many links; opened, its heading's field and its links. */
export function FooterListRow({ list, index, count, ctx }: { list: EditFooterList; index: number; count: number; ctx: EditorContext }) {
  const { sortable, style } = useSortableItem(list.key);
  const name = nameOf(list.heading, 'New list');
  const path = ctx.pathOf(list.key);
  const open = ctx.isOpen(list.key);
  const panelId = `nav-${list.key}-panel`;
  const hasError = Object.keys(ctx.errors).some((k) => k === path || k.startsWith(`${path}.`));
  return (
    <li ref={sortable.setNodeRef} style={style} data-testid="nav-footer-list">
      <Paper withBorder p="xs" radius="md" shadow={sortable.isDragging ? 'md' : undefined} style={hasError ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap={6} style={{ flex: '1 1 10rem', minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {list.heading.trim() || 'New list'}
              </Text>
              <Badge variant="outline" color={neutralGrey} bg="white" tt="none" size="sm">
                {list.links.length} {list.links.length === 1 ? 'link' : 'links'}
              </Badge>
            </Group>
            <RowControls
              id={list.key}
              name={name}
              index={index}
              count={count}
              sortable={sortable}
              onMove={(to, via) => ctx.move({ in: 'footer' }, index, to, via)}
              onRemove={() => ctx.remove({ in: 'footer' }, list.key)}
              extra={
                <Button variant="default" size="xs" aria-expanded={open} aria-controls={panelId} onClick={() => ctx.toggle(list.key)} aria-label={`${open ? 'Close' : 'Open'} the footer list ${name}`}>
                  {open ? 'Close' : 'Open'}
                </Button>
              }
            />
          </Group>
          <div id={panelId} hidden={!open}>
            {open && (
              <Stack gap="sm">
                <TextInput
                  label="Heading"
                  id={`nav-${list.key}-heading`}
                  value={list.heading}
                  maxLength={navLabelMax}
                  error={ctx.errors[`${path}.heading`]}
                  onChange={(e) => {
                    const heading = e.currentTarget.value;
                    ctx.updateList(list.key, (l) => ({ ...l, heading }));
                  }}
                />
                <LinkList links={list.links} list={{ in: 'footer-list', key: list.key }} owner={`the footer list ${name}`} ctx={ctx} />
              </Stack>
            )}
          </div>
        </Stack>
      </Paper>
    </li>
  );
}
