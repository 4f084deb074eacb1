/** The number of site check findings beside the drawer's "Site check" entry, loaded by the staff app only. */
import { Badge, VisuallyHidden } from '@mantine/core';
import { useSiteCheck } from './api.js';

export function SiteCheckCount() {
  const query = useSiteCheck();
  const n = query.data?.findings.length;
  if (n === undefined || n === 0) return null;
  return (
    <Badge size="sm" color="yellow" variant="filled" c="dark.9" ml={6} component="span" data-testid="site-check-count">
      {n}
      <VisuallyHidden> {n === 1 ? 'problem' : 'problems'}</VisuallyHidden>
    </Badge>
  );
}
