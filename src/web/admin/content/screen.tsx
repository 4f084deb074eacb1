/** The frame of a staff content screen: main landmark and padding, the route's guard, and its loading and load-failure states. */
import { Alert, Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import type { RouteMark } from '../../../shared/access.js';
import { getCollection, type CollectionDef } from '../../../shared/collections.js';
import { RequireMarks } from '../auth/guard.js';

export function Screen({ children }: { children: ReactNode }) {
  return (
    <Box component="main" px={{ base: 'sm', sm: 'lg' }} py="lg" maw={1120}>
      {children}
    </Box>
  );
}

/** A staff screen's heading and what it is for; the browser tab reads "<title> · Staff". */
export function ScreenHeading({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Staff`;
  }, [title]);
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
