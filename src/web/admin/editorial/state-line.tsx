/** A block's editorial state in words, with its schedule in the site's time zone: on the form and on each list row. */
import { Badge, Text, type MantineSize } from '@mantine/core';
import { forwardRef } from 'react';
import { documentStateLabels, documentStateOf, type DocumentState, type EditorialFields } from '../../../shared/editorial.js';
import { formatWhen } from '../backups/format.js';
import { publishedGreen } from '../theme.js';

/** Dark enough for white 12 px text (the Published badge's green and AA-contrast partners); the word says it, the colour only helps. */
const stateColours: Record<DocumentState, { color: string; variant: 'filled' | 'light' | 'outline' }> = {
  draft: { color: 'gray', variant: 'light' },
  published: { color: publishedGreen, variant: 'filled' },
  changed: { color: '#8a4b00', variant: 'outline' },
  scheduled: { color: '#1c4f8a', variant: 'outline' },
};

export function DocumentStateBadge({ doc, size }: { doc: EditorialFields; size?: MantineSize }) {
  const state = documentStateOf(doc);
  const { color, variant } = stateColours[state];
  return (
    <Badge size={size} color={color} variant={variant} bg={variant === 'outline' ? 'white' : undefined} tt="none" data-state={state} style={{ maxWidth: '100%' }}>
      {documentStateLabels[state]}
    </Badge>
  );
}

/** "Goes live at …" and "Comes off the site at …", or nothing when nothing is scheduled. */
export function scheduleSentences(doc: EditorialFields, timeZone: string): string[] {
  const out: string[] = [];
  if (doc.publishAt) out.push(`Goes live at ${formatWhen(doc.publishAt, timeZone)} (${timeZone})`);
  if (doc.unpublishAt) out.push(`Comes off the site at ${formatWhen(doc.unpublishAt, timeZone)} (${timeZone})`);
  return out;
}

/** The form's line under the title; focusable from script, so focus lands here after each editorial step. */
export const StateLine = forwardRef<HTMLDivElement, { doc: EditorialFields; timeZone: string }>(function StateLine({ doc, timeZone }, ref) {
  const state = documentStateOf(doc);
  const schedule = scheduleSentences(doc, timeZone);
  return (
    <div ref={ref} tabIndex={-1} data-testid="document-state" style={{ outlineOffset: 4 }}>
      <Text size="sm" component="p" m={0}>
        <Text span fw={600}>
          State:
        </Text>{' '}
        {documentStateLabels[state]}
        {state === 'changed' && <Text span c="dimmed">{' '}— visitors see the published version until you publish the changes</Text>}
        {state === 'draft' && <Text span c="dimmed">{' '}— not on the website</Text>}
      </Text>
      {schedule.map((line) => (
        <Text key={line} size="sm" component="p" m={0}>
          {line}
        </Text>
      ))}
    </div>
  );
});
