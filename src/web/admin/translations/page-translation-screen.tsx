/**
 * /translations/page/:id?lang=sw&part=2: a whole page translated on one
 * screen. The list names every translatable part of the page (its own words,
 * each block of each of its sections under the section's heading, each menu
 * label leading to it) with its state and how many are translated; the part
 * shown has its original beside each field (an outdated one as a word-by-word
 * difference) and is saved or published on its own, with the block's own
 * `?lang=` API. Next and Previous move between parts and bring focus to the
 * part's heading (asking first when the part has words not saved).
 */
import { useStaffTitle } from '../layouts/staff-title.js';
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { pageTranslationPathOf, translatedCount, translationsScreenPath, type PageTranslationPart } from '../../../shared/translations.js';
import { ContentLoader, LoadFailed, Screen } from '../content/screen.js';
import { translationsKey, usePageTranslation, useTranslation, useTranslationReport } from './api.js';
import { Editor } from './translation-editor.js';
import { stateColors, stateLabels, translationWords as w } from './words.js';

type LanguageInfo = { code: string; name: string; dir: 'ltr' | 'rtl' };

function partHref(pageId: string, lang: string, index: number): string {
  return `${pageTranslationPathOf(pageId, lang)}&part=${index + 1}`;
}

/** One part: its block's translation read with the block's own API, shown with only the part's keys. */
function PartEditor({ part, language, defaultLanguage, onChanged, onDirtyChange }: { part: PageTranslationPart; language: LanguageInfo; defaultLanguage: LanguageInfo; onChanged(): void; onDirtyChange(dirty: boolean): void }) {
  const query = useTranslation(part.collection, part.id, language.code);
  if (query.isPending) return <ContentLoader label="Loading the translation" />;
  if (query.isError) return <LoadFailed title="The translation could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Editor
      key={`${part.collection}:${part.id}:${part.keys?.join(',') ?? ''}:${language.code}`}
      reading={query.data}
      language={language}
      defaultName={defaultLanguage.name}
      defaultCode={defaultLanguage.code}
      only={part.keys}
      onChanged={onChanged}
      onDirtyChange={onDirtyChange}
      historyLevel={3}
    />
  );
}

export function PageTranslationScreen() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const report = useTranslationReport(null);
  const lang = params.get('lang') ?? report.data?.lang ?? null;
  const query = usePageTranslation(id, lang);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Mantine's md breakpoint, where the list of parts and the part sit side by side.
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [listOpen, setListOpen] = useState(false);
  const moved = useRef(false);
  // Words typed in the part shown and not saved: leaving it asks first.
  const dirty = useRef(false);
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const mayLeave = () => !dirty.current || window.confirm(w.leaveUnsaved);

  const parts = query.data?.parts ?? [];
  const asked = Number(params.get('part') ?? '1');
  const index = Number.isInteger(asked) && asked >= 1 && asked <= parts.length ? asked - 1 : 0;
  const part = parts[index];
  const languages = report.data?.languages ?? [];
  const language = languages.find((l) => l.code === query.data?.lang);
  const defaultLanguage = languages.find((l) => l.code === report.data?.defaultLanguage);
  const others = languages.filter((l) => l.code !== report.data?.defaultLanguage);
  const title = query.data && language ? w.pageTitle(query.data.page.title, language.name) : w.translatePage;
  const done = translatedCount(parts);

  useStaffTitle(title);
  // After Next, Previous or a part chosen in the list, focus goes to the part's heading (screen readers hear where they are).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [index]);

  const go = (to: number) => {
    if (!lang || !mayLeave()) return;
    dirty.current = false;
    moved.current = true;
    setParams({ lang, part: String(to + 1) });
  };

  return (
    <Screen>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={lang ? `${translationsScreenPath}?lang=${encodeURIComponent(lang)}` : translationsScreenPath} size="sm">
            ← Back to Translations
          </Anchor>
          <Title order={1} mt={4} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </div>
        {query.isPending || report.isPending ? (
          <ContentLoader label="Loading the page’s translation" />
        ) : query.isError ? (
          <LoadFailed title="The page’s translation could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        ) : !language || !defaultLanguage ? (
          <Alert color="red">The site has no language “{lang}”.</Alert>
        ) : parts.length === 0 || !part ? (
          <Alert color="blue">{w.nothingToTranslate}</Alert>
        ) : (
          <>
            <Group gap="md" align="flex-end" wrap="wrap">
              <Stack gap={4} miw={220} style={{ flex: 1 }}>
                <Text fw={600} data-testid="page-translation-progress">
                  {w.progress(done, parts.length)}
                </Text>
                <Progress value={(done / parts.length) * 100} color="green.8" aria-label={w.progress(done, parts.length)} />
              </Stack>
              {others.length > 1 && (
                <Select label="Language" data={others.map((l) => ({ value: l.code, label: l.name }))} value={language.code} allowDeselect={false} onChange={(v) => v && setParams({ lang: v })} maw={260} />
              )}
            </Group>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <nav aria-label={w.parts}>
                  {/* On a narrow screen the list is a disclosure (closed), so the part itself is in view. */}
                  {!wide && (
                    <Button variant="default" fullWidth justify="space-between" onClick={() => setListOpen((o) => !o)} aria-expanded={listOpen} aria-controls="page-parts">
                      {w.parts} ({index + 1} of {parts.length})
                      <span aria-hidden="true">&nbsp;{listOpen ? '▴' : '▾'}</span>
                    </Button>
                  )}
                  <Stack component="ol" id="page-parts" display={!wide && !listOpen ? 'none' : 'flex'} gap={4} p={0} m={0} mt={wide ? 0 : 'xs'} style={{ listStyle: 'none' }}>
                    {parts.map((p, i) => (
                      <li key={`${p.collection} ${p.id} ${p.keys?.join(',') ?? ''}`}>
                        <Anchor
                          component={Link}
                          to={partHref(id, language.code, i)}
                          onClick={(e) => {
                            if (!mayLeave()) {
                              e.preventDefault();
                              return;
                            }
                            dirty.current = false;
                            moved.current = true;
                            setListOpen(false);
                          }}
                          aria-current={i === index ? 'step' : undefined}
                          display="block"
                          p={6}
                          size="sm"
                          fw={i === index ? 700 : 400}
                          c="dark.9"
                          style={{ borderRadius: 6, overflowWrap: 'anywhere', background: i === index ? 'var(--mantine-color-blue-0)' : undefined, borderLeft: i === index ? '3px solid var(--mantine-color-blue-7)' : '3px solid transparent' }}
                        >
                          {p.label}{' '}
                          <Badge component="span" color={stateColors[p.state]} variant="light" c="dark.9" tt="none" size="sm">
                            {stateLabels[p.state]}
                          </Badge>
                        </Anchor>
                      </li>
                    ))}
                  </Stack>
                </nav>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Paper component="section" withBorder radius="md" p="md" aria-labelledby="part-heading">
                  <Stack gap="sm">
                    <div>
                      <Text size="sm" c="dark.7">
                        {w.partOf(index + 1, parts.length)}
                      </Text>
                      <Title order={2} size="h3" id="part-heading" ref={headingRef} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
                        {part.label}
                      </Title>
                      <Badge color={stateColors[part.state]} variant="light" c="dark.9" tt="none" mt={4}>
                        {stateLabels[part.state]}
                      </Badge>
                    </div>
                    <PartEditor
                      part={part}
                      language={language}
                      defaultLanguage={defaultLanguage}
                      onChanged={() => void client.invalidateQueries({ queryKey: [...translationsKey, 'page'] })}
                      onDirtyChange={onDirtyChange}
                    />
                    <Group justify="space-between" component="nav" aria-label="Between parts">
                      <Button variant="default" onClick={() => go(index - 1)} disabled={index === 0}>
                        <span aria-hidden="true">←&nbsp;</span>
                        {w.previous}
                      </Button>
                      <Button variant="default" onClick={() => go(index + 1)} disabled={index === parts.length - 1}>
                        {w.next}
                        <span aria-hidden="true">&nbsp;→</span>
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              </Grid.Col>
            </Grid>
          </>
        )}
      </Stack>
    </Screen>
  );
}
