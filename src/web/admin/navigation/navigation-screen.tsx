/**
 * /navigation (admins and super-admins): the top bar (links, and menus of
 * links one level deep) and the footer's link lists, edited as one working
 * copy. Items and links are added, removed and reordered by drag or keyboard
 * (the list screens' pattern: drag handle, Move up/down, a live region that
 * tells each move); Save sends the copy with If-Match (a 409 says someone else
 * changed it, with Reload); Publish lists the items that point to draft,
 * trashed or missing pages before it asks; Preview opens the site.
 */
import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api-client.js';
import { footerListsMax, headerItemsMax, navigationSchema, type NavigationAnswer, type NavigationProblem } from '../../../shared/site-navigation.js';
import type { PreviewLinkAnswer } from '../../../shared/editorial.js';
import { LoadFailed, ContentLoader, Screen, ScreenHeading } from '../content/screen.js';
import { absoluteTime } from '../content/relative-time.js';
import { noticeBlue, publishedGreen, warningBrown } from '../theme.js';
import { ConfirmDialog } from '../editorial/confirm-dialog.js';
import { movedSentence, useFocusAfterMove, type MoveVia } from '../list/move-focus.js';
import { SortableList } from '../list/sortable-list.js';
import { createPreviewLink } from '../pages/api.js';
import { fetchNavigation, navigationKey, problemsOf, publishNavigation, saveNavigation, useNavigation, useSitePages, type LinkablePage } from './api.js';
import {
  appendTo,
  itemsOf,
  moveIn,
  newKey,
  pathsByKey,
  removeFrom,
  toEdit,
  toStored,
  updateByKey,
  type EditFooterList,
  type EditHeaderItem,
  type EditLink,
  type EditNavigation,
  type ListRef,
} from './model.js';
import { FooterListRow, HeaderItemRow, nameOf, type EditorContext } from './parts.js';

/** The preview shows the home page as visitors would see it. */
const previewPage = 'home';

/** The schema's messages by document path (`header.1.children.2.url`); empty when the copy can be saved. */
function validationErrors(n: EditNavigation): Record<string, string> {
  const parsed = navigationSchema.safeParse(toStored(n));
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

/** The working copy as stored, to compare with the server's (the schema trims labels). */
function normalised(n: EditNavigation): string {
  const parsed = navigationSchema.safeParse(toStored(n));
  return JSON.stringify(parsed.success ? parsed.data : toStored(n));
}

/** "Top bar, item 2, link 3" for a problem's path. */
function placeOf(path: string): string {
  const parts = path.split('.');
  const n = (i: number) => Number(parts[i]) + 1;
  if (parts[0] === 'header') return parts[2] === 'children' ? `Top bar, menu ${n(1)}, link ${n(3)}` : `Top bar, item ${n(1)}`;
  if (parts[0] === 'footer') return `Footer, list ${n(1)}, link ${n(3)}`;
  return path;
}

function StateLine({ answer, dirty }: { answer: NavigationAnswer; dirty: boolean }) {
  const state = answer.live === null ? 'Not published yet' : answer.hasPendingChanges ? 'Saved changes not published yet' : 'Published: visitors see this navigation';
  return (
    <Group gap="xs" wrap="wrap" data-testid="nav-state">
      <Badge color={answer.live !== null && !answer.hasPendingChanges ? publishedGreen : warningBrown} variant="outline" bg="white" tt="none">
        {state}
      </Badge>
      {dirty && (
        <Badge color={noticeBlue} variant="outline" bg="white" tt="none">
          Edits not saved
        </Badge>
      )}
    </Group>
  );
}

function PreviewLink({ link }: { link: PreviewLinkAnswer }) {
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-yellow-0)" data-testid="nav-preview">
      <Stack gap={4}>
        <Text size="sm">
          <Anchor href={link.url} target="_blank" rel="noopener noreferrer">
            Open the preview of the home page
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
        </Text>
        <Text size="sm">The preview shows the saved navigation, with the changes not published yet. Anyone with the link can open it until {absoluteTime(link.expiresAt)}.</Text>
      </Stack>
    </Paper>
  );
}

function PublishDialog({ opened, problems, working, onCancel, onConfirm }: { opened: boolean; problems: NavigationProblem[]; working: boolean; onCancel(): void; onConfirm(): void }) {
  return (
    <ConfirmDialog opened={opened} title="Publish the navigation?" confirmLabel={problems.length > 0 ? 'Publish anyway' : 'Publish'} working={working} onCancel={onCancel} onConfirm={onConfirm}>
      <Stack gap="sm">
        {problems.length > 0 && (
          <Alert color="orange" styles={{ title: { color: warningBrown } }} title={problems.length === 1 ? 'One item points to a page visitors cannot open' : `${problems.length} items point to pages visitors cannot open`} data-testid="nav-problems">
            <List size="sm" spacing={4}>
              {problems.map((p) => (
                <List.Item key={p.path}>
                  <strong>{nameOf(p.label)}</strong> ({placeOf(p.path)}): {p.message}
                </List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              Published anyway, these items stay out of the site’s menus until their page is published.
            </Text>
          </Alert>
        )}
        <Text>Every page of the site shows the new top bar and footer at once.</Text>
      </Stack>
    </ConfirmDialog>
  );
}

function Editor({ answer, pages, onReload }: { answer: NavigationAnswer; pages: LinkablePage[]; onReload(): Promise<NavigationAnswer | undefined> }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<EditNavigation>(() => toEdit(answer.navigation));
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [publishing, setPublishing] = useState<NavigationProblem[] | null>(null);
  const [preview, setPreview] = useState<PreviewLinkAnswer | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const focusAfterMove = useFocusAfterMove();

  const dirty = normalised(draft) !== JSON.stringify(answer.navigation);
  const errors = { ...(showErrors ? validationErrors(draft) : {}), ...serverErrors };
  const paths = pathsByKey(draft);

  // A new item's first field takes focus once it is on screen.
  useEffect(() => {
    if (!focusKey) return;
    setFocusKey(null);
    (document.getElementById(`nav-${focusKey}-label`) ?? document.getElementById(`nav-${focusKey}-heading`))?.focus();
  }, [focusKey]);

  const change = (next: EditNavigation) => {
    setDraft(next);
    setServerErrors({});
  };

  const trashed = new Map(answer.trashedPages.map((p) => [p.id, p.title]));
  const ctx: EditorContext = {
    pages,
    trashed,
    errors,
    pathOf: (key) => paths.get(key) ?? '',
    update: (key, fn) => change(updateByKey(draft, key, (i) => fn(i as EditLink))),
    updateList: (key, fn) => change(updateByKey(draft, key, (i) => fn(i as EditFooterList))),
    move: (ref: ListRef, from: number, to: number, via?: MoveVia) => {
      const items = itemsOf(draft, ref);
      const moved = items[from];
      if (!moved || to < 0 || to >= items.length || from === to) return;
      change(moveIn(draft, ref, from, to));
      if (via) focusAfterMove(moved.key, via);
      setAnnouncement(movedSentence(nameOf('heading' in moved ? moved.heading : moved.label), to, items.length));
    },
    remove: (ref, key) => {
      const item = itemsOf(draft, ref).find((i) => i.key === key);
      change(removeFrom(draft, ref, key));
      if (item) setAnnouncement(`${nameOf('heading' in item ? item.heading : item.label)} removed. Save to keep this change.`);
    },
    addLink: (ref) => {
      const link: EditLink = { key: newKey(), label: '' };
      change(appendTo(draft, ref, link));
      setFocusKey(link.key);
      setAnnouncement('A new link was added at the end of the list.');
    },
    isOpen: (key) => open.has(key),
    toggle: (key) => setOpen((s) => (s.has(key) ? new Set([...s].filter((k) => k !== key)) : new Set([...s, key]))),
  };

  const addHeaderItem = (menu: boolean) => {
    const item: EditHeaderItem = menu ? { key: newKey(), label: '', children: [{ key: newKey(), label: '' }] } : { key: newKey(), label: '' };
    change(appendTo(draft, { in: 'header' }, item));
    setOpen((s) => new Set([...s, item.key]));
    setFocusKey(item.key);
    setAnnouncement(`A new ${menu ? 'menu' : 'link'} was added at the end of the top bar.`);
  };
  const addFooterList = () => {
    const list: EditFooterList = { key: newKey(), heading: '', links: [] };
    change(appendTo(draft, { in: 'footer' }, list));
    setOpen((s) => new Set([...s, list.key]));
    setFocusKey(list.key);
    setAnnouncement('A new list was added at the end of the footer.');
  };

  const onFailure = (err: unknown, what: string) => {
    if (err instanceof ApiError && err.code === 'aborted') {
      setConflict(true);
      return;
    }
    if (err instanceof ApiError && err.status === 400 && err.field) {
      // The server names the field as `navigation.header.2.url`.
      const fields = err.fields ?? { [err.field]: err.message };
      setServerErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^navigation\./, ''), v])));
    }
    notifications.show({ color: 'red', title: `The navigation was not ${what}`, message: err instanceof Error ? err.message : 'Something went wrong. Try again.' });
  };

  const save = useMutation({
    mutationFn: () => saveNavigation(toStored(draft), answer.version),
    onSuccess: (saved) => {
      setShowErrors(false);
      client.setQueryData(navigationKey, saved);
      setAnnouncement('The navigation is saved. Publish it to show it to visitors.');
      notifications.show({ color: 'green', message: 'Navigation saved. Visitors see it once it is published.' });
    },
    onError: (err) => onFailure(err, 'saved'),
  });

  const publish = useMutation({
    // The problems shown in the dialog are the ones the editor accepts; new ones make the server ask again.
    mutationFn: (accept: boolean) => publishNavigation(answer.version, accept),
    onSuccess: (published) => {
      setPublishing(null);
      client.setQueryData(navigationKey, published);
      setAnnouncement('The navigation is published. Every page shows it now.');
      notifications.show({ color: 'green', message: 'Navigation published. Every page shows it now.' });
    },
    onError: (err) => {
      const problems = err instanceof ApiError && err.code === 'failed-precondition' ? problemsOf(err.details) : null;
      if (problems) {
        setPublishing(problems);
        return;
      }
      setPublishing(null);
      onFailure(err, 'published');
    },
  });

  const makePreview = useMutation({
    mutationFn: () => createPreviewLink(previewPage),
    onSuccess: setPreview,
    onError: (err) => notifications.show({ color: 'red', title: 'No preview link was made', message: err instanceof Error ? err.message : 'Try again.' }),
  });

  const trySave = () => {
    if (save.isPending) return;
    const found = validationErrors(draft);
    setShowErrors(true);
    if (Object.keys(found).length > 0) {
      setAnnouncement(`${Object.keys(found).length === 1 ? 'One field needs' : `${Object.keys(found).length} fields need`} fixing before the navigation can be saved.`);
      // Open the items with errors, then focus the first field that has one.
      const withErrors = [...draft.header, ...draft.footer].filter((i) => Object.keys(found).some((k) => k === paths.get(i.key) || k.startsWith(`${paths.get(i.key) ?? ''}.`)));
      setOpen((s) => new Set([...s, ...withErrors.map((i) => i.key)]));
      window.requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="nav-editor"] [aria-invalid="true"]')?.focus());
      return;
    }
    save.mutate();
  };

  const askPublish = async () => {
    const latest = (await onReload()) ?? answer;
    setPublishing(latest.problems);
  };

  const reload = async () => {
    const latest = await onReload();
    if (latest) setDraft(toEdit(latest.navigation));
    setConflict(false);
    setServerErrors({});
    setShowErrors(false);
    setAnnouncement('The latest navigation is loaded.');
    // The Reload button has gone with the message: focus waits at the start of the list.
    window.requestAnimationFrame(() => document.getElementById('nav-header-title')?.focus());
  };

  const nothingToPublish = answer.live !== null && !answer.hasPendingChanges;

  return (
    <Stack gap="lg" data-testid="nav-editor">
      <Stack gap="sm">
        <StateLine answer={answer} dirty={dirty} />
        <Group gap="sm" wrap="wrap">
          <Button onClick={trySave} loading={save.isPending} disabled={!dirty && !save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={() => void askPublish()} disabled={dirty || nothingToPublish}>
            Publish…
          </Button>
          <Button variant="default" onClick={() => !makePreview.isPending && makePreview.mutate()} loading={makePreview.isPending}>
            Preview the site
          </Button>
        </Group>
        {dirty ? (
          <Text size="sm" c="dimmed">
            Save your edits before publishing or previewing them.
          </Text>
        ) : nothingToPublish ? (
          <Text size="sm" c="dimmed">
            Nothing to publish: visitors already see this navigation.
          </Text>
        ) : null}
        {conflict && (
          <Alert color="red" role="alert" title="Someone else changed the navigation" data-testid="nav-conflict">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">It was saved or published since you loaded it, so your edits were not saved. Reload to see the latest version (your edits here are lost), then make them again.</Text>
              <Button size="xs" onClick={() => void reload()}>
                Reload
              </Button>
            </Stack>
          </Alert>
        )}
        {preview && <PreviewLink link={preview} />}
      </Stack>

      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>

      <Stack gap="sm" component="section" aria-labelledby="nav-header-title">
        <Title order={2} size="h3" id="nav-header-title" tabIndex={-1}>
          Top bar
        </Title>
        <Text size="sm" c="dimmed">
          Links, and menus that open a list of links (one level deep). At most {headerItemsMax} items.
        </Text>
        {draft.header.length > 0 ? (
          <SortableList ids={draft.header.map((i) => i.key)} nameOf={(k) => nameOf(draft.header.find((i) => i.key === k)?.label ?? '')} label="Top bar items, in order" onMove={(from, to) => ctx.move({ in: 'header' }, from, to)} component="ol">
            {draft.header.map((item, i) => (
              <HeaderItemRow key={item.key} item={item} index={i} count={draft.header.length} ctx={ctx} />
            ))}
          </SortableList>
        ) : (
          <Text size="sm">The top bar has no items.</Text>
        )}
        {errors.header && <Text size="sm" c="var(--mantine-color-error)">{errors.header}</Text>}
        <Group gap="sm">
          <Button variant="default" size="xs" onClick={() => addHeaderItem(false)} disabled={draft.header.length >= headerItemsMax}>
            Add link to the top bar
          </Button>
          <Button variant="default" size="xs" onClick={() => addHeaderItem(true)} disabled={draft.header.length >= headerItemsMax}>
            Add menu to the top bar
          </Button>
        </Group>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="nav-footer-title">
        <Title order={2} size="h3" id="nav-footer-title">
          Footer
        </Title>
        <Text size="sm" c="dimmed">
          Lists of links, each under a heading. At most {footerListsMax} lists.
        </Text>
        {draft.footer.length > 0 ? (
          <SortableList ids={draft.footer.map((f) => f.key)} nameOf={(k) => nameOf(draft.footer.find((f) => f.key === k)?.heading ?? '', 'New list')} label="Footer lists, in order" onMove={(from, to) => ctx.move({ in: 'footer' }, from, to)} component="ol">
            {draft.footer.map((list, i) => (
              <FooterListRow key={list.key} list={list} index={i} count={draft.footer.length} ctx={ctx} />
            ))}
          </SortableList>
        ) : (
          <Text size="sm">The footer has no lists.</Text>
        )}
        {errors.footer && <Text size="sm" c="var(--mantine-color-error)">{errors.footer}</Text>}
        <Group>
          <Button variant="default" size="xs" onClick={addFooterList} disabled={draft.footer.length >= footerListsMax}>
            Add list to the footer
          </Button>
        </Group>
      </Stack>

      <PublishDialog opened={publishing !== null} problems={publishing ?? []} working={publish.isPending} onCancel={() => setPublishing(null)} onConfirm={() => !publish.isPending && publish.mutate((publishing ?? []).length > 0)} />
    </Stack>
  );
}

export function NavigationScreen() {
  const client = useQueryClient();
  const navigation = useNavigation();
  const pages = useSitePages();
  const reload = async () => {
    try {
      const latest = await client.fetchQuery({ queryKey: navigationKey, queryFn: ({ signal }) => fetchNavigation(signal), staleTime: 0 });
      return latest;
    } catch (err) {
      notifications.show({ color: 'red', title: 'The navigation could not be loaded', message: err instanceof Error ? err.message : 'Try again.' });
      return undefined;
    }
  };
  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title="Navigation">The top bar’s links and menus and the footer’s lists, on every page of the site. Save as you go; visitors see the changes once you publish them.</ScreenHeading>
        {navigation.isPending || pages.isPending ? (
          <ContentLoader label="Loading the navigation" />
        ) : navigation.isError ? (
          <LoadFailed title="The navigation could not be loaded" error={navigation.error} onRetry={() => void navigation.refetch()} />
        ) : pages.isError ? (
          <LoadFailed title="The pages could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />
        ) : (
          <Editor answer={navigation.data} pages={pages.data} onReload={reload} />
        )}
      </Stack>
    </Screen>
  );
}
