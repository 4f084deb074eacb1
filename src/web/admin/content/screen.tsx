/** The frame of a staff content screen: main landmark and padding, the route's guard, and its loading and load-failure states. */
import { Alert, Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { type ComponentType, type ReactNode } from 'react';
import type { RouteMark } from '../../../shared/access.js';
import { getCollection, type CollectionDef } from '../../../shared/collections.js';
import { RequireMarks } from '../auth/guard.js';
import { collectionFromPages, useSitePages } from '../pages/site-pages.js';
import { useStaffTitle } from '../layouts/staff-title.js';

export function Screen({ children }: { children: ReactNode }) {
  return (
    <Box component="main" px={{ base: 'sm', sm: 'lg' }} py="lg" maw={1120}>
      {children}
    </Box>
  );
}

/** A staff screen's heading and what it is for; the browser tab reads "<title> · Staff". */
export function ScreenHeading({ title, children }: { title: string; children: ReactNode }) {
  useStaffTitle(title);
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" size="sm" mt={4}>
        {children}
      </Text>
    </div>
  );
}

/** A screen shown only to users with the route's marks. */
export function GuardedScreen({ marks, children }: { marks: readonly RouteMark[]; children: ReactNode }) {
  return (
    <RequireMarks marks={marks}>
      <Screen>{children}</Screen>
    </RequireMarks>
  );
}

/** The route component of one collection's screen; the collection is looked up once, when the route loads. */
export function collectionRoute(collection: string, marks: readonly RouteMark[], Body: ComponentType<{ collection: CollectionDef }>) {
  const def = getCollection(collection);
  return function CollectionRoute() {
    if (!def) throw new Error(`Unknown collection ${collection}`);
    return (
      <GuardedScreen marks={marks}>
        <Body collection={def} />
      </GuardedScreen>
    );
  };
}

/**
 * The route component of a section's collection (`s-…`, made when editors add
 * a section): not in the code's registry, so it is found on the page that
 * shows it (the site's pages, read from the API) once the screen opens.
 */
export function sectionCollectionRoute(collection: string, marks: readonly RouteMark[], Body: ComponentType<{ collection: CollectionDef }>) {
  function SectionBody() {
    const pages = useSitePages();
    const def = collectionFromPages(collection, pages.data);
    if (pages.isPending) return <ContentLoader label="Loading the section" />;
    if (pages.isError) return <LoadFailed title="The section could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />;
    if (!def) {
      return (
        <Alert color="red" role="alert" title="This section does not exist">
          No page has a section showing these blocks. It may have been removed from its page; its blocks may still be in the Trash.
        </Alert>
      );
    }
    return <Body collection={def} />;
  }
  return function SectionCollectionRoute() {
    return (
      <GuardedScreen marks={marks}>
        <SectionBody />
      </GuardedScreen>
    );
  };
}

/** Shown in place of a screen's content while it loads. */
export function ContentLoader({ label }: { label: string }) {
  return (
    <Center mih={240}>
      <Loader size={80} aria-label={label} />
    </Center>
  );
}

/** Shown in place of a screen's content when it could not be loaded, with a way to try again. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: Error; onRetry(): void }) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
