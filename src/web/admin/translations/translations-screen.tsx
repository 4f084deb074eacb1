/**
 * /translations: per language, what is not translated yet and which
 * translations are outdated because their original changed, each with the
 * page it is on and a link to translate it beside its original, and a link
 * to translate its whole page on one screen.
 */
import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TranslationReportItem } from '../../../shared/translations.js';
import { pageTranslationPathOf, translationEditorPathOf } from '../../../shared/translations.js';
import { ContentLoader, LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { useTranslationReport } from './api.js';
import { stateColors, stateLabels, translationWords as w } from './words.js';

function Items({ items, lang, state, label }: { items: TranslationReportItem[]; lang: string; state: 'missing' | 'outdated'; label: string }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item) => (
        <Card component="li" key={`${item.collection} ${item.id}`} withBorder padding="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
              <Text size="sm" c="dimmed">
                {item.page ? `On the page “${item.page.title}”` : 'Site navigation'}
                {state === 'outdated' && item.changed.length > 0 ? ` · ${item.changed.length} ${item.changed.length === 1 ? 'text' : 'texts'} changed` : ''}
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge color={stateColors[state]} variant="light" c="dark.9" tt="none">
                {stateLabels[state]}
              </Badge>
              <Anchor component={Link} to={translationEditorPathOf(item.collection, item.id, lang)} fw={600} aria-label={`${w.translate}: ${item.title}`}>
                {w.translate}
              </Anchor>
              {item.page && (
                <Anchor component={Link} to={pageTranslationPathOf(item.page.id, lang)} size="sm" aria-label={`${w.translateWholePage}: ${item.page.title}`}>
                  {w.translateWholePage}
                </Anchor>
              )}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** What is not translated yet, page by page: each page a disclosure (closed), so a site with much to do stays a short list. */
function MissingByPage({ items, lang, language }: { items: TranslationReportItem[]; lang: string; language: string }) {
  const groups = new Map<string, { title: string; items: TranslationReportItem[] }>();
  for (const item of items) {
    const key = item.page?.id ?? '';
    const group = groups.get(key) ?? { title: item.page?.title ?? 'Site navigation', items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Not translated into ${language}, by page`}>
      {[...groups].map(([key, group]) => {
        const id = `missing-${key || 'navigation'}`;
        const expanded = open === key;
        return (
          <li key={key}>
            <Group gap={4} wrap="wrap">
              <Button variant="subtle" onClick={() => setOpen(expanded ? null : key)} aria-expanded={expanded} aria-controls={id} px="xs" fw={600}>
                <span aria-hidden="true">{expanded ? '▾' : '▸'}&nbsp;</span>
                {group.title} ({group.items.length})
              </Button>
              {key && (
                <Anchor component={Link} to={pageTranslationPathOf(key, lang)} size="sm" px={10} aria-label={`${w.translateWholePage}: ${group.title}`}>
                  {w.translateWholePage}
                </Anchor>
              )}
            </Group>
            <div id={id} hidden={!expanded}>
              {expanded && <Items items={group.items} lang={lang} state="missing" label={`Not translated into ${language}: ${group.title}`} />}
            </div>
          </li>
        );
      })}
    </Stack>
  );
}

export function TranslationsScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('lang');
  const query = useTranslationReport(asked);
  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title={w.screenTitle}>{w.screenIntro}</ScreenHeading>
        {query.isPending ? (
          <ContentLoader label="Loading the translations" />
        ) : query.isError ? (
          <LoadFailed title="The translations could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.lang === null ? (
          <Alert color="blue">{w.oneLanguage}</Alert>
        ) : (
          (() => {
            const report = query.data;
            const lang = report.lang!;
            const others = report.languages.filter((l) => l.code !== report.defaultLanguage);
            const language = others.find((l) => l.code === lang)?.name ?? lang;
            return (
              <>
                {others.length > 1 && (
                  <Select
                    label="Language"
                    data={others.map((l) => ({ value: l.code, label: `${l.name} (${(report.counts[l.code]?.missing ?? 0) + (report.counts[l.code]?.outdated ?? 0)} to do)` }))}
                    value={lang}
                    allowDeselect={false}
                    onChange={(v) => v && setParams({ lang: v })}
                    maw={360}
                  />
                )}
                {report.missing.length + report.outdated.length === 0 ? (
                  <Alert color="green">{w.allDone(language)}</Alert>
                ) : null}
                <section aria-labelledby="outdated-heading">
                  <Title order={2} size="h3" id="outdated-heading" mb="xs">
                    {w.outdatedHeading(report.outdated.length)}
                  </Title>
                  {report.outdated.length === 0 ? <Text size="sm">{w.outdatedNone}</Text> : <Items items={report.outdated} lang={lang} state="outdated" label={`Outdated in ${language}`} />}
                </section>
                <section aria-labelledby="missing-heading">
                  <Title order={2} size="h3" id="missing-heading" mb="xs">
                    {w.missingHeading(report.missing.length)}
                  </Title>
                  {report.missing.length === 0 ? <Text size="sm">{w.missingNone}</Text> : <MissingByPage items={report.missing} lang={lang} language={language} />}
                </section>
              </>
            );
          })()
        )}
      </Stack>
    </Screen>
  );
}
