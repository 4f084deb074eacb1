/** The number of site check findings, beside the drawer's "Site check" entry and on the staff home screen; staff app only. */
import { Alert, Anchor, Badge, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { siteCheckPath } from '../../../shared/site-check.js';
import { mustEnrolTwoFactor } from '../../../shared/two-factor.js';
import { useAuth } from '../auth/use-auth.js';
import { useSiteCheck } from './api.js';

export function SiteCheckCount() {
  const { user } = useAuth();
  // Until a required second factor is on, the server answers nothing but the account (and the drawer must not ask).
  const query = useSiteCheck(!mustEnrolTwoFactor(user?.twoFactor));
  const n = query.data?.findings.length;
  if (n === undefined || n === 0) return null;
  return (
    <Badge size="sm" color="yellow" variant="filled" c="dark.9" ml={6} component="span" data-testid="site-check-count">
      {n}
      <VisuallyHidden> {n === 1 ? 'problem' : 'problems'}</VisuallyHidden>
    </Badge>
  );
}

/**
 * On the Pages screen, the staff overview of the site (the public home page's
 * "Edit this page" leads there): how many problems the site check finds, with
 * the way to them. Nothing when the site is clean, while loading or when the
 * check fails (the Site check screen says why).
 */
export function SiteCheckNotice() {
  const query = useSiteCheck();
  const findings = query.data?.findings;
  if (!findings || findings.length === 0) return null;
  const errors = findings.filter((f) => f.severity === 'error').length;
  const words = `${findings.length} ${findings.length === 1 ? 'problem' : 'problems'}${errors > 0 ? `, ${errors} ${errors === 1 ? 'error' : 'errors'}` : ''}`;
  return (
    <Alert color={errors > 0 ? 'red' : 'yellow'} variant="light" py="xs" data-testid="site-check-notice">
      <Text size="sm" c="dark.9">
        Site check: {words} on the published site.{' '}
        <Anchor component={Link} to={siteCheckPath} fw={600} c="dark.9" td="underline">
          Review them
        </Anchor>
      </Text>
    </Alert>
  );
}
