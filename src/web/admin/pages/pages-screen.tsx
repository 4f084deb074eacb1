/**
 * /pages (admin and super): every page of the site as the data has it
 * (`GET /api/site/pages`, drafts too), found by title or address as one
 * types (the count of matches said), each a card with its state in words,
 * its address, a link to its editor and what it weighs on a phone (filled in
 * as the server weighs, never holding the list). A card's sections and their
 * blocks (title and state in words, a link to the form, a link to the
 * section's list) load only when the card is opened. Per page: "Publish
 * changes" says what would go live (`GET …/changes`, in words), then
 * publishes the page with its sections' blocks in one step; errors of the
 * checks open the "publish anyway" question. A Preview button makes a shared
 * preview link (shown with a copy button, and opened in a new tab); the
 * page's live links with Revoke; "New page". `/pages#<page id>` opens on
 * that page, its card open (the public site's "Edit this page" leads here).
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, CopyButton, Group, List, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIsFetching, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../api-client.js';
import type { CollectionDef } from '../../../shared/collections.js';
import { documentStateLabels, documentStateOf, type DocumentState, type PreviewLinkAnswer } from '../../../shared/editorial.js';
import { sectionHeading } from '../../../shared/page-sections.js';
import { findingSchema, type Finding } from '../../../shared/site-check.js';
import { SiteCheckNotice } from '../site-check/count-badge.js';
import { siteCheckKey } from '../site-check/api.js';
import { formPathOf, listPathOf } from '../../../shared/routes.js';
import { pageEditorPathOf } from '../../../shared/staff-screens.js';
import { blockTitle } from '../content/block-summary.js';
import { absoluteTime } from '../content/relative-time.js';
import { LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { StaffModal } from '../content/staff-modal.js';
import { PublishChecksDialog } from '../editorial/publish-checks-dialog.js';
import { blocksLimit, createPreviewLink, pagesKeys, revokePreviewLink, useCollectionBlocks, usePageWeights, usePreviewLinks, type PageBlock } from './api.js';
import { PageWeightFailed, PageWeightLine, WeighingStatus } from './page-weight.js';
import { PageVisits } from './page-visits.js';
import { useRecentVisits } from '../visits/api.js';
import { publishedGreen } from '../theme.js';
import { useCan } from '../content/abilities.js';
import { collectionFromPages, sitePagesKey, useSitePages, type SitePageAnswer } from './site-pages.js';
import { fetchPageChanges, publishPage } from './page-publish.js';
import { kindLabel } from './section-edits.js';
import { pageChangesInWords, sitePageCollection, type PageChanges } from '../../../shared/site-structure.js';
import { NewPageButton } from './new-page-dialog.js';

/** A page as this screen shows it: its record, its id as `name` (anchors and preview links use it). */
type PageDef = SitePageAnswer & { name: string };

/** Each state's colour: dark enough for small text on white (at least 4.5:1). */
const stateColours: Record<DocumentState, string> = {
  draft: '#495057',
  published: publishedGreen,
  changed: '#8a4b00',
  scheduled: '#1c4f8a',
};

function StateLabel({ block }: { block: PageBlock }) {
  return <StateWords state={documentStateOf(block)} />;
}

export function StateWords({ state }: { state: DocumentState }) {
  return (
    <Text component="span" size="sm" fw={600} c={stateColours[state]} data-state={state}>
      <span aria-hidden="true">● </span>
      {documentStateLabels[state]}
    </Text>
  );
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : 'Something went wrong. Try again.';
}

/** Text as the search compares it: lower case, accents aside. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether a page is found by what was typed: its title or its address (the one it has now, the one it will have). */
function pageMatches(page: Pick<SitePageAnswer, 'title' | 'path' | 'livePath'>, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  return [page.title, page.path, page.livePath ?? ''].some((v) => fold(v).includes(q));
}

function BlockItem({ collection, block, focus }: { collection: CollectionDef; block: PageBlock; focus: boolean }) {
  const title = blockTitle(collection, block.data);
  const edit = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) edit.current?.focus();
  }, [focus]);
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py="xs" data-testid="page-block" data-id={block.id} style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Stack gap={0} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {collection.label}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <StateLabel block={block} />
        </Stack>
        <Button ref={edit} component={Link} to={formPathOf(collection.name, block.id)} variant="default" size="xs" aria-label={`Edit “${title}”`}>
          Edit
        </Button>
      </Group>
    </Paper>
  );
}

function PageBlocks({ page, pages, focusBlock }: { page: PageDef; pages: SitePageAnswer[]; focusBlock: string | null }) {
  const sections = page.sections.flatMap((s) => {
    const collection = collectionFromPages(s.collection, pages);
    return collection ? [{ section: s, collection }] : [];
  });
  const collections = sections.map((s) => s.collection);
  const results = useCollectionBlocks(collections);
  const failed = results.find((r) => r.isError);
  if (failed?.error) {
    return <LoadFailed title={`The blocks of ${page.title} could not be loaded`} error={failed.error} onRetry={() => results.forEach((r) => r.isError && void r.refetch())} />;
  }
  if (results.some((r) => r.isPending)) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Loading the blocks…
      </Text>
    );
  }
  if (sections.length === 0) return <Text size="sm">This page has no sections yet: add them in its editor.</Text>;
  return (
    <Stack component="ol" gap="sm" p={0} m={0} aria-label={`Sections of ${page.title}, in the order visitors see them`}>
      {sections.map(({ section, collection }, i) => {
        const data = results[i]?.data;
        const blocks = data?.documents ?? [];
        const more = data && data.total > data.documents.length ? data.total - data.documents.length : 0;
        const heading = sectionHeading(section);
        const name = `${kindLabel(section.kind)}${heading ? `: ${heading}` : ''}`;
        return (
          <Stack component="li" key={section.id} gap={6} style={{ listStyle: 'none' }} data-testid="page-section-row" data-collection={section.collection}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Title order={3} size="h5">
                {name}
              </Title>
              <Anchor component={Link} to={listPathOf(collection.name)} size="sm" aria-label={`Edit blocks of ${name}`}>
                Edit blocks
              </Anchor>
            </Group>
            {blocks.length === 0 ? (
              <Text size="sm">No blocks in this section yet.</Text>
            ) : (
              <Stack component="ol" gap={6} p={0} m={0} aria-label={`Blocks of ${name}`}>
                {blocks.map((block) => (
                  <BlockItem key={block.id} collection={collection} block={block} focus={block.id === focusBlock} />
                ))}
              </Stack>
            )}
            {more > 0 && (
              <Text size="sm">
                {`${more} more ${more === 1 ? collection.nouns.one : collection.nouns.many} (only the first ${blocksLimit} are shown): `}
                <Anchor component={Link} to={listPathOf(collection.name)}>
                  {collection.label}
                </Anchor>
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

function NewLink({ page, link }: { page: PageDef; link: PreviewLinkAnswer }) {
  const [copied, setCopied] = useState(false);
  return (
    <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-yellow-0)" data-testid="preview-link">
      <Stack gap="xs">
        <TextInput
          readOnly
          label={`Preview link for ${page.title}`}
          description={`Anyone with this link sees the page with its unpublished changes, signed out too, until ${absoluteTime(link.expiresAt)}.`}
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Group gap="xs">
          <CopyButton value={link.url} timeout={3000}>
            {({ copy }) => (
              <Button
                size="xs"
                onClick={() => {
                  copy();
                  setCopied(true);
                }}
              >
                Copy link
              </Button>
            )}
          </CopyButton>
          <Button component="a" href={link.url} target="_blank" rel="noopener noreferrer" size="xs" variant="default">
            Open preview
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Button>
          <Text size="sm" role="status">
            {copied ? 'Link copied.' : ''}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function SharedLinks({ page, open }: { page: PageDef; open: boolean }) {
  const client = useQueryClient();
  const links = usePreviewLinks(page.name, open);
  const revoke = useMutation({
    mutationFn: (id: string) => revokePreviewLink(id),
    onSuccess: () => notifications.show({ color: 'green', title: 'Link revoked', message: `That preview link of ${page.title} no longer works.` }),
    onError: (err) => notifications.show({ color: 'red', title: 'The link was not revoked', message: errorText(err) }),
    onSettled: () => client.invalidateQueries({ queryKey: pagesKeys.links(page.name) }),
  });
  if (!open) return null;
  if (links.isPending) return <Text size="sm" role="status">Loading the links…</Text>;
  if (links.isError) return <LoadFailed title="The preview links could not be loaded" error={links.error} onRetry={() => void links.refetch()} />;
  if (links.data.length === 0) return <Text size="sm">No preview link of this page works at the moment.</Text>;
  return (
    <Stack component="ul" gap={6} p={0} m={0} aria-label={`Preview links of ${page.title}`}>
      {links.data.map((l) => {
        const made = `Made by ${l.createdBy?.name ?? 'a former colleague'} on ${absoluteTime(l.createdAt)}`;
        return (
          <Group component="li" key={l.id} justify="space-between" gap="xs" wrap="wrap" style={{ listStyle: 'none' }} data-testid="shared-link">
            <Text size="sm">
              {made}; works until {absoluteTime(l.expiresAt)}.
            </Text>
            <Button size="xs" variant="subtle" color="red" onClick={() => !revoke.isPending && revoke.mutate(l.id)} aria-label={`Revoke the link ${made.toLowerCase()}`}>
              Revoke
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

const refusalSchema = z.object({ findings: z.array(findingSchema) });

/** The errors of a publish refused by the checks (400 with `details.findings`), or null for any other refusal. */
function checkErrorsOf(err: unknown): Finding[] | null {
  if (!(err instanceof ApiError) || err.code !== 'invalid-argument') return null;
  const parsed = refusalSchema.safeParse(err.details);
  return parsed.success && parsed.data.findings.length > 0 ? parsed.data.findings : null;
}

/** Where the page's publish stands: asking what goes live, asking to confirm, or the checks' errors. */
type PublishStep = { step: 'loading' } | { step: 'confirm'; changes: PageChanges } | { step: 'checks'; changes: PageChanges; findings: Finding[] };

/** One block the publish takes live, in words. */
function changeWords(change: PageChanges['blocks'][number]): string {
  return `“${change.title}” (${change.change === 'draft' ? 'new on the site' : 'its changes'})`;
}

/**
 * "Publish changes" of one page: asks the server what would go live, says it
 * in words, then publishes the page and its blocks in one step. A refusal for
 * the checks' errors opens the "publish anyway" question; "Go back and fix"
 * opens the card on the first block at fault.
 */
function PagePublish({ page, pages, onFix }: { page: PageDef; pages: SitePageAnswer[]; onFix(block: string | null): void }) {
  const client = useQueryClient();
  const [at, setAt] = useState<PublishStep | null>(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const fix = useRef<string | null | undefined>(undefined);

  const open = async () => {
    if (at) return;
    setFailure(null);
    setDone('');
    setAt({ step: 'loading' });
    try {
      setAt({ step: 'confirm', changes: await fetchPageChanges(page.id) });
    } catch (err) {
      setAt(null);
      setFailure(`What would go live could not be read. ${errorText(err)}`);
    }
  };

  const publish = async (changes: PageChanges, overrideChecks: boolean) => {
    setWorking(true);
    try {
      const published = await publishPage(page.id, page.version, overrideChecks ? { overrideChecks: true } : {});
      setAt(null);
      const words = pageChangesInWords(published);
      const despite = overrideChecks ? ' The audit log records that it was published despite accessibility errors.' : '';
      setDone(`Published ${words} of “${page.title}”. Visitors see them now.${despite}`);
      notifications.show({ color: 'green', title: 'Published', message: `Visitors now see ${words} of “${page.title}”.` });
      void client.invalidateQueries({ queryKey: sitePagesKey });
      void client.invalidateQueries({ queryKey: pagesKeys.all });
      void client.invalidateQueries({ queryKey: pagesKeys.weights });
      void client.invalidateQueries({ queryKey: siteCheckKey });
    } catch (err) {
      const findings = overrideChecks ? null : checkErrorsOf(err);
      if (findings) {
        setAt({ step: 'checks', changes, findings });
      } else {
        setAt(null);
        setFailure(
          err instanceof ApiError && err.code === 'aborted'
            ? `“${page.title}” was changed since this list was loaded; it now shows the latest version. Check it, then publish again.`
            : errorText(err),
        );
        if (err instanceof ApiError && err.code === 'aborted') void client.invalidateQueries({ queryKey: sitePagesKey });
      }
    } finally {
      setWorking(false);
    }
  };

  const where = (field: string, finding: Finding): string => {
    const collection = collectionFromPages(finding.collection, pages);
    const name = field.replace(/^data\./, '').split('.')[0] ?? field;
    const label = collection?.fields.find((f) => f.name === name)?.label ?? name;
    if (finding.collection === sitePageCollection) return `The page: ${label}`;
    const title = at && at.step !== 'loading' ? at.changes.blocks.find((b) => b.collection === finding.collection && b.id === finding.id)?.title : undefined;
    return `${collection?.label ?? finding.collection}${title ? `, “${title}”` : ''}: ${label}`;
  };

  const confirm = at?.step === 'confirm' ? at.changes : null;
  const nothing = confirm !== null && !confirm.page && confirm.blocks.length === 0;

  return (
    <>
      <Button size="sm" color={publishedGreen} loading={at?.step === 'loading'} onClick={() => void open()} aria-label={`Publish changes to ${page.title}…`}>
        Publish changes…
      </Button>
      <VisuallyHidden role="status" aria-live="polite">
        {done}
      </VisuallyHidden>
      {failure && (
        <Alert color="red" role="alert" title="Not published" w="100%" withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <StaffModal opened={confirm !== null} onClose={() => !working && setAt(null)} title={nothing ? 'Nothing to publish' : `Publish “${page.title}”?`}>
        {confirm && (
          <Stack gap="md" data-testid="page-publish-question">
            {nothing ? (
              <Text>Visitors already see this page and its blocks as they are.</Text>
            ) : (
              <>
                <Text>{`This takes ${pageChangesInWords(confirm)} live, all together.`}</Text>
                {confirm.blocks.length > 0 && (
                  <List size="sm" spacing={4} aria-label="Blocks that go live">
                    {confirm.blocks.map((b) => (
                      <List.Item key={`${b.collection}/${b.id}`}>{changeWords(b)}</List.Item>
                    ))}
                  </List>
                )}
                {confirm.empty && <Text size="sm" fw={600} c="#8a4b00">{'Every section of this page would be empty: visitors would see only its title.'}</Text>}
              </>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAt(null)} disabled={working} data-autofocus>
                {nothing ? 'Back to the pages' : 'Cancel'}
              </Button>
              {!nothing && (
                <Button color={publishedGreen} onClick={() => void publish(confirm, false)} loading={working}>
                  Publish
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </StaffModal>
      <PublishChecksDialog
        findings={at?.step === 'checks' ? at.findings : null}
        fieldLabel={where}
        working={working}
        onFix={() => {
          const first = at?.step === 'checks' ? at.findings[0] : undefined;
          fix.current = first && first.collection !== sitePageCollection ? first.id : null;
          setAt(null);
        }}
        afterClose={() => {
          if (fix.current !== undefined) onFix(fix.current);
          fix.current = undefined;
        }}
        onPublishAnyway={() => at?.step === 'checks' && void publish(at.changes, true)}
      />
    </>
  );
}

/** What a page weighs, from the weights' own query: its polling re-renders this line, not the list. */
function PageWeightOf({ id }: { id: string }) {
  const weights = usePageWeights();
  const of = weights.data?.pages.find((w) => w.id === id);
  if (of && weights.data) return <PageWeightLine weight={of} budget={weights.data.budget} />;
  const failed = weights.data?.failed.find((w) => w.id === id);
  return failed ? <PageWeightFailed status={failed.status} /> : null;
}

/** The views of a published page's address (staff who may read the visit counts). */
function PageVisitsOf({ path }: { path: string }) {
  const mayRead = useCan({ type: 'visits' })('read');
  const recent = useRecentVisits(mayRead);
  return mayRead ? <PageVisits path={path} recent={recent.data} /> : null;
}

const PageSection = memo(function PageSection({ page, pages, opened, focusBlock, onToggle, onFix }: { page: PageDef; pages: SitePageAnswer[]; opened: boolean; focusBlock: string | null; onToggle(id: string): void; onFix(id: string, block: string | null): void }) {
  const canEdit = useCan({ type: 'collection', name: sitePageCollection })('update');
  const client = useQueryClient();
  const [link, setLink] = useState<PreviewLinkAnswer | null>(null);
  const [showLinks, setShowLinks] = useState(false);
  const titleId = `page-${page.name}-title`;
  const linksId = `page-${page.name}-links`;
  const blocksId = `page-${page.name}-blocks`;
  const preview = useMutation({
    mutationFn: () => createPreviewLink(page.name),
    onSettled: () => client.invalidateQueries({ queryKey: pagesKeys.links(page.name) }),
  });

  function makePreview() {
    if (preview.isPending) return;
    // Opened now, while the click still counts as the user's (a tab opened after the answer would be blocked as a pop-up).
    const tab = window.open('', '_blank');
    preview.mutate(undefined, {
      onSuccess: (answer) => {
        setLink(answer);
        if (tab) {
          tab.opener = null;
          tab.location.href = answer.url;
        }
      },
      onError: (err) => {
        tab?.close();
        notifications.show({ color: 'red', title: 'No preview link was made', message: errorText(err) });
      },
    });
  }

  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} id={page.name} aria-labelledby={titleId} data-testid="page-section" data-page={page.name} style={{ scrollMarginTop: 72 }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" id={titleId} tabIndex={-1}>
              {page.title}
            </Title>
            <Group gap="xs" wrap="wrap">
              <StateWords state={page.state} />
              {page.livePath ? (
                <Anchor href={page.livePath} size="sm" target="_blank" rel="noopener" aria-label={`${page.livePath}: open ${page.title} on the public site (opens in a new tab)`}>
                  {page.livePath}
                </Anchor>
              ) : (
                <Text size="sm">{`Not on the site yet; its address will be ${page.path}`}</Text>
              )}
              {page.livePath && page.livePath !== page.path && <Text size="sm">{`(moves to ${page.path} when the changes are published)`}</Text>}
            </Group>
          </div>
          <Group gap="xs">
            {canEdit && (
              <Button component={Link} to={pageEditorPathOf(page.id)} variant="default" size="sm" aria-label={`Edit page ${page.title}`}>
                Edit page
              </Button>
            )}
            <Button variant="default" size="sm" aria-expanded={showLinks} aria-controls={linksId} onClick={() => setShowLinks((v) => !v)}>
              Shared links
            </Button>
            <Button size="sm" variant="default" loading={preview.isPending} onClick={makePreview} aria-label={`Preview ${page.title}`}>
              Preview
            </Button>
            {canEdit && <PagePublish page={page} pages={pages} onFix={(block) => onFix(page.id, block)} />}
          </Group>
        </Group>
        <PageWeightOf id={page.id} />
        {page.livePath && <PageVisitsOf path={page.livePath} />}
        {link && <NewLink page={page} link={link} />}
        <div id={linksId}>
          <SharedLinks page={page} open={showLinks} />
        </div>
        <div>
          <Button variant="default" size="sm" aria-expanded={opened} aria-controls={blocksId} onClick={() => onToggle(page.id)}>
            <span aria-hidden="true">{opened ? '▾' : '▸'}&nbsp;</span>
            {`Sections and blocks (${page.sections.length} ${page.sections.length === 1 ? 'section' : 'sections'})`}
          </Button>
        </div>
        <div id={blocksId} hidden={!opened}>
          {opened && <PageBlocks page={page} pages={pages} focusBlock={focusBlock} />}
        </div>
      </Stack>
    </Paper>
  );
});

export function PagesScreen() {
  const { hash } = useLocation();
  const loading = useIsFetching({ queryKey: pagesKeys.all }) + useIsFetching({ queryKey: sitePagesKey }) > 0;
  const pages = useSitePages();
  const weights = usePageWeights();
  const canCreate = useCan({ type: 'collection', name: sitePageCollection })('create');
  const scrolledTo = useRef<string | null>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(hash ? [decodeURIComponent(hash.slice(1))] : []));
  const [focusBlock, setFocusBlock] = useState<string | null>(null);
  const pageDefs = useMemo(() => (pages.data ?? []).map((page) => ({ ...page, name: page.id })), [pages.data]);
  const shown = useMemo(() => pageDefs.filter((p) => pageMatches(p, query)), [pageDefs, query]);
  // Stable, so a card re-renders only when its own page or its openness changes.
  const toggle = useRef((id: string) => setOpen((was) => {
    const next = new Set(was);
    if (!next.delete(id)) next.add(id);
    return next;
  })).current;
  const fix = useRef((id: string, block: string | null) => {
    setOpen((was) => new Set(was).add(id));
    setFocusBlock(block);
    if (!block) document.getElementById(`page-${id}-title`)?.focus();
  }).current;

  // `/pages#about` (from the public site's "Edit this page"): that page's card opens, and once its blocks are in it comes into view with focus on its heading.
  useEffect(() => {
    const name = decodeURIComponent(hash.slice(1));
    if (!name || scrolledTo.current === name) return;
    setOpen((was) => (was.has(name) ? was : new Set(was).add(name)));
    if (loading) return;
    const section = document.getElementById(name);
    if (!section) return;
    scrolledTo.current = name;
    section.scrollIntoView({ block: 'start' });
    document.getElementById(`page-${name}-title`)?.focus({ preventScroll: true });
  }, [hash, loading]);

  const total = pageDefs.length;
  const count = query.trim() ? `${shown.length} of ${total} ${total === 1 ? 'page matches' : 'pages match'} “${query.trim()}”.` : `${total} ${total === 1 ? 'page' : 'pages'}.`;

  return (
    <Screen>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <ScreenHeading title="Pages">
            Every page of the site, drafts too. Open a page to see its sections and their blocks in the order visitors see them. Preview a page to see it with its unpublished changes, and share the link with colleagues.
          </ScreenHeading>
          {canCreate && pages.data && <NewPageButton pages={pages.data} />}
        </Group>
        <SiteCheckNotice />
        {pages.isPending && (
          <Text size="sm" c="dimmed" role="status">
            Loading the pages…
          </Text>
        )}
        {pages.isError && <LoadFailed title="The pages could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />}
        {pages.data && (
          <Stack gap={4} maw={480}>
            <TextInput type="search" label="Find a page" description="By its title or its address" value={query} onChange={(e) => setQuery(e.currentTarget.value)} autoComplete="off" spellCheck={false} />
            <Text size="sm" role="status" aria-live="polite" data-testid="pages-count">
              {count}
            </Text>
          </Stack>
        )}
        <WeighingStatus answer={weights.data} waiting={weights.isPending && Boolean(pages.data)} />
        {weights.isError && <LoadFailed title="What the pages weigh could not be measured" error={weights.error} onRetry={() => void weights.refetch()} />}
        {pages.data && shown.length === 0 && <Text size="sm">No page has that title or address. Try fewer letters, or part of the address such as /about.</Text>}
        {shown.map((page) => (
          <PageSection key={page.id} page={page} pages={pages.data ?? []} opened={open.has(page.id)} focusBlock={focusBlock} onToggle={toggle} onFix={fix} />
        ))}
      </Stack>
    </Screen>
  );
}
