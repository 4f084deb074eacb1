/**
 * /pages (admin and super): every page of the site as the data has it
 * (`GET /api/site/pages`, drafts too) with its state in words, its address,
 * a link to its editor, and its sections in order, each with its blocks
 * (title and state in words, a link to the form) and a link to its list;
 * per page a Preview button that makes a shared preview link (shown with a
 * copy button, and opened in a new tab), the page's live links with Revoke;
 * per block with unpublished changes a "Publish changes" button; "New page".
 * `/pages#<page id>` opens on that page (the public site's "Edit this page"
 * leads here).
 */
import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIsFetching, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../api-client.js';
import type { CollectionDef } from '../../../shared/collections.js';
import { documentStateLabels, documentStateOf, type DocumentState, type PreviewLinkAnswer } from '../../../shared/editorial.js';
import { sectionHeading } from '../../../shared/page-sections.js';
import { SiteCheckNotice } from '../site-check/count-badge.js';
import { formPathOf, listPathOf } from '../../../shared/routes.js';
import { pageEditorPathOf } from '../../../shared/staff-screens.js';
import { blockTitle } from '../content/block-summary.js';
import { absoluteTime } from '../content/relative-time.js';
import { LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { blocksLimit, createPreviewLink, pagesKeys, publishChanges, revokePreviewLink, useCollectionBlocks, usePageWeights, usePreviewLinks, type PageBlock } from './api.js';
import { PageWeightFailed, PageWeightLine, WeighingStatus } from './page-weight.js';
import type { PageWeight } from '../../../shared/page-weight.js';

/** A page's weight as the screen shows it: measured, or what its address answered when it could not be. */
type WeightOf = { of: PageWeight; budget: number } | { failed: number };
import { publishedGreen } from '../theme.js';
import { useCan } from '../content/abilities.js';
import { collectionFromPages, sitePagesKey, useSitePages, type SitePageAnswer } from './site-pages.js';
import { kindLabel } from './section-edits.js';
import { sitePageCollection } from '../../../shared/site-structure.js';
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

function BlockItem({ collection, block }: { collection: CollectionDef; block: PageBlock }) {
  const client = useQueryClient();
  const title = blockTitle(collection, block.data);
  const publish = useMutation({
    mutationFn: () => publishChanges(collection.name, block.id, block.version),
    onSuccess: () => notifications.show({ color: 'green', title: 'Changes published', message: `Visitors now see the changes to “${title}”.` }),
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'aborted') {
        notifications.show({ color: 'orange', title: 'Someone else changed this block', message: `“${title}” was changed since this page was loaded; the list now shows the latest version. Check it, then publish again.` });
      } else {
        notifications.show({ color: 'red', title: 'The changes were not published', message: errorText(err) });
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: pagesKeys.blocks(collection.name) }),
  });
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
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={formPathOf(collection.name, block.id)} variant="default" size="xs" aria-label={`Edit “${title}”`}>
            Edit
          </Button>
          {block.hasPendingChanges && (
            <Button size="xs" loading={publish.isPending} onClick={() => !publish.isPending && publish.mutate()} aria-label={`Publish changes to “${title}”`}>
              Publish changes
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

function PageBlocks({ page, pages }: { page: PageDef; pages: SitePageAnswer[] }) {
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
                  <BlockItem key={block.id} collection={collection} block={block} />
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

function PageSection({ page, pages, weight }: { page: PageDef; pages: SitePageAnswer[]; weight: WeightOf | null }) {
  const canEdit = useCan({ type: 'collection', name: sitePageCollection })('update');
  const client = useQueryClient();
  const [link, setLink] = useState<PreviewLinkAnswer | null>(null);
  const [showLinks, setShowLinks] = useState(false);
  const titleId = `page-${page.name}-title`;
  const linksId = `page-${page.name}-links`;
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
            <Button size="sm" loading={preview.isPending} onClick={makePreview} aria-label={`Preview ${page.title}`}>
              Preview
            </Button>
          </Group>
        </Group>
        {weight && ('failed' in weight ? <PageWeightFailed status={weight.failed} /> : <PageWeightLine weight={weight.of} budget={weight.budget} />)}
        {link && <NewLink page={page} link={link} />}
        <div id={linksId}>
          <SharedLinks page={page} open={showLinks} />
        </div>
        <PageBlocks page={page} pages={pages} />
      </Stack>
    </Paper>
  );
}

export function PagesScreen() {
  const { hash } = useLocation();
  const loading = useIsFetching({ queryKey: pagesKeys.all }) + useIsFetching({ queryKey: sitePagesKey }) > 0;
  const pages = useSitePages();
  const weights = usePageWeights();
  const canCreate = useCan({ type: 'collection', name: sitePageCollection })('create');
  const scrolledTo = useRef<string | null>(null);


  // `/pages#about` (from the public site's "Edit this page"): once the blocks are in, that page comes into view with focus on its heading.
  useEffect(() => {
    const name = decodeURIComponent(hash.slice(1));
    if (!name || loading || scrolledTo.current === name) return;
    const section = document.getElementById(name);
    if (!section) return;
    scrolledTo.current = name;
    section.scrollIntoView({ block: 'start' });
    document.getElementById(`page-${name}-title`)?.focus({ preventScroll: true });
  }, [hash, loading]);

  return (
    <Screen>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <ScreenHeading title="Pages">
            Every page of the site, drafts too, with its sections and their blocks in the order visitors see them. Preview a page to see it with its unpublished changes, and share the link with colleagues.
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
        <WeighingStatus answer={weights.data} waiting={weights.isPending && Boolean(pages.data)} />
        {weights.isError && <LoadFailed title="What the pages weigh could not be measured" error={weights.error} onRetry={() => void weights.refetch()} />}
        {pages.data?.map((page) => {
          const of = weights.data?.pages.find((w) => w.id === page.id);
          const failed = weights.data?.failed.find((w) => w.id === page.id);
          const weight: WeightOf | null = of && weights.data ? { of, budget: weights.data.budget } : failed ? { failed: failed.status } : null;
          return <PageSection key={page.id} page={{ ...page, name: page.id }} pages={pages.data} weight={weight} />;
        })}
      </Stack>
    </Screen>
  );
}
