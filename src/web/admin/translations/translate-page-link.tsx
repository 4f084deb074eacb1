/** "Translate this page": a link to a page's translation screen in each other language of the site (none on a site with one language). */
import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { pageTranslationPathOf } from '../../../shared/translations.js';
import { useTranslationReport } from './api.js';
import { translationWords as w } from './words.js';

export function TranslatePageLink({ pageId }: { pageId: string }) {
  const report = useTranslationReport(null);
  const data = report.data;
  if (!data || data.lang === null) return null;
  const others = data.languages.filter((l) => l.code !== data.defaultLanguage);
  return (
    <Group gap="md" wrap="wrap" data-testid="translate-page-link">
      {others.map((l) => (
        <Anchor key={l.code} component={Link} to={pageTranslationPathOf(pageId, l.code)} size="sm" fw={600}>
          {others.length === 1 ? w.translatePage : `${w.translatePage}: ${l.name}`}
        </Anchor>
      ))}
    </Group>
  );
}
