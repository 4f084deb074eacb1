/** Beside the drawer's "Translations": what is left to translate in every language (nothing on a site with one language). */
import { Badge, VisuallyHidden } from '@mantine/core';
import { mustEnrolTwoFactor } from '../../../shared/two-factor.js';
import { useAuth } from '../auth/use-auth.js';
import { useTranslationReport } from './api.js';

export function TranslationsCount() {
  const { user } = useAuth();
  // Until a required second factor is on, the server answers nothing but the account (and the drawer must not ask).
  const query = useTranslationReport(null, !mustEnrolTwoFactor(user?.twoFactor));
  const counts = query.data?.counts;
  if (!counts) return null;
  const n = Object.values(counts).reduce((sum, c) => sum + c.missing + c.outdated, 0);
  if (n === 0) return null;
  return (
    <Badge size="sm" color="gray.7" variant="filled" ml={6} component="span" data-testid="translations-count">
      {n}
      <VisuallyHidden> to translate</VisuallyHidden>
    </Badge>
  );
}
