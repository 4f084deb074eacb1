/**
 * The notice under a published page's address while it is being changed:
 * visitors keep the old address until the changes are published, then the
 * old one redirects to the new one. Shown only for an address the server
 * would take (the shared address rule), never promising an invalid one.
 */
import { Alert } from '@mantine/core';
import { pagePathSchema, type PageData } from '../../../shared/site-structure.js';
import type { StaffDocument } from '../content/documents.js';

/** The heading's colour: at least 4.5:1 on the notice's yellow tint (Mantine's default yellow title is about 2.7:1). */
const headingColour = '#6b4100';

export function PathWarning({ doc, path }: { doc: StaffDocument; path: string }) {
  const live = doc.status === 'published' ? ((doc.liveData ?? doc.data) as Partial<PageData>).path : undefined;
  const next = path.trim();
  if (!live || live === next || !pagePathSchema.safeParse(next).success) return null;
  return (
    <Alert color="yellow" title="This page’s address changes" role="note" styles={{ title: { color: headingColour } }} data-testid="path-notice">
      {`Visitors see it at ${live} until you publish the changes. From then on it is at ${next}, and the old address ${live} leads there (a permanent redirect), so links and bookmarks keep working.`}
    </Alert>
  );
}
