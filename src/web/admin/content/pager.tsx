/** Previous / "Page 2 of 7" / Next under a paged screen (audit log, media library, picker); nothing when there is one page. */
import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { formatCount } from '../backups/format.js';

interface PagerProps {
  /** The navigation landmark's name, such as "Audit log pages". */
  label: string;
  page: number;
  pages: number;
  onPage(page: number): void;
}

export function Pager({ label, page, pages, onPage }: PagerProps) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <Group gap="sm" component="nav" aria-label={label} wrap="nowrap" justify="flex-start">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous<VisuallyHidden> page</VisuallyHidden>
      </Button>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        Page {formatCount(page)} of {formatCount(pages)}
      </Text>
      <Button variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next<VisuallyHidden> page</VisuallyHidden>
      </Button>
    </Group>
  );
}
