/**
 * /translations/:collection/:id?lang=sw: one block, page record or the
 * navigation translated beside its original, field by field. A field whose
 * original changed since the translation was made says so and shows its old
 * and new words as a difference, word by word. Save keeps a draft of that language; Publish puts it on the
 * site (no other language waits or moves); "Still correct" marks an outdated
 * translation current without changing its words. The page's translation
 * screen shows the same editor for each part of a page.
 */
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Stack, Text, Title, Typography, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import type { FieldDef } from '../../../shared/fields.js';
import type { Slot } from '../../../shared/translatable.js';
import { translationsScreenPath, type TranslationReading } from '../../../shared/translations.js';
import { ApiError } from '../../api-client.js';
import { ContentLoader, LoadFailed, Screen } from '../content/screen.js';
import { RichTextWidget } from '../fields/rich-text-widget.js';
import { TextWidget } from '../fields/text-widgets.js';
import { saveTranslation, settingsCollection, translationKey, translationsKey, translationStep, useTranslation, useTranslationHistory, useTranslationReport } from './api.js';
import { absoluteTime } from '../content/relative-time.js';
import { WordDiff } from './word-diff-view.js';
import { stateColors, stateLabels, translationWords as w } from './words.js';
import { useStaffTitle } from '../layouts/staff-title.js';

/** Form names by place (`data.s0`…): the keys themselves hold dots, which the form would read as nesting. */
const nameOf = (i: number) => `data.s${i}` as const;

function fieldOf(slot: Slot, i: number, language: string): FieldDef {
  const type = slot.type === 'path' ? 'text' : slot.type;
  return { name: `s${i}`, type, label: `${slot.label} in ${language}`, max: slot.max, help: slot.type === 'path' ? 'An address in this language: lower-case words joined by -, such as /kuhusu' : undefined };
}

function Original({ slot, lang }: { slot: Slot; lang: string }) {
  if (slot.type === 'richText') {
    return (
      <Typography>
        {/* The original's rich text was cleaned by the server when it was saved. */}
        <div lang={lang} dangerouslySetInnerHTML={{ __html: slot.value }} />
      </Typography>
    );
  }
  return (
    <Text size="sm" lang={lang} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {slot.value}
    </Text>
  );
}

export interface EditorProps {
  reading: TranslationReading;
  language: { code: string; name: string; dir: 'ltr' | 'rtl' };
  defaultName: string;
  defaultCode: string;
  /** Only these keys of the block (one menu label of the navigation); the others keep their words when it is saved. */
  only?: readonly string[] | null | undefined;
  /** Told after each save, publish or step (the page's screen reads its parts' states again). */
  onChanged?: (() => void) | undefined;
  /** The heading level of the history's title (under a part's heading on the page's screen). */
  historyLevel?: 2 | 3 | undefined;
  /** Told when the form gets or loses words not saved yet. */
  onDirtyChange?: ((dirty: boolean) => void) | undefined;
}

export function Editor({ reading: full, language, defaultName, defaultCode, only, onChanged, historyLevel = 2, onDirtyChange }: EditorProps) {
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const reading = only ? { ...full, slots: full.slots.filter((s) => only.includes(s.key)) } : full;
  const form = useForm<{ data: Record<string, string> }>({ defaultValues: { data: Object.fromEntries(reading.slots.map((s, i) => [`s${i}`, reading.values[s.key] ?? ''])) } });
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  // The settings have no drafts: their words go on the site when saved.
  const settings = reading.collection === settingsCollection;

  const apply = (next: TranslationReading, text: string) => {
    client.setQueryData(translationKey(next.collection, next.id, next.lang), next);
    void client.invalidateQueries({ queryKey: [...translationsKey, 'report'] });
    void client.invalidateQueries({ queryKey: [...translationKey(next.collection, next.id, next.lang), 'history'] });
    onChanged?.();
    const slots = only ? next.slots.filter((s) => only.includes(s.key)) : next.slots;
    form.reset({ data: Object.fromEntries(slots.map((s, i) => [`s${i}`, next.values[s.key] ?? ''])) });
    setMessage('');
    window.setTimeout(() => setMessage(text), 50);
    notifications.show({ color: 'green', message: text });
  };

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.field?.startsWith('translation.')) {
      const index = reading.slots.findIndex((s) => `translation.${s.key}` === err.field);
      if (index >= 0) {
        form.setError(nameOf(index), { message: err.fields?.[err.field] ?? err.message }, { shouldFocus: true });
        return;
      }
    }
    const text = err instanceof ApiError && err.code === 'aborted' ? 'Someone else changed this translation in the meantime. Reload the page to see their version.' : err instanceof Error ? err.message : String(err);
    notifications.show({ color: 'red', message: text });
    setMessage(text);
  };

  const submit = (publish: boolean) =>
    form.handleSubmit(async (values) => {
      setBusy(true);
      try {
        // The block's other words (the rest of the navigation's labels) go back as they are.
        const kept = Object.fromEntries(full.slots.filter((s) => !reading.slots.includes(s)).map((s) => [s.key, full.values[s.key] ?? '']));
        const translation = { ...kept, ...Object.fromEntries(reading.slots.map((s, i) => [s.key, values.data[`s${i}`] ?? ''])) };
        const next = await saveTranslation(reading.collection, reading.id, reading.lang, reading.version, translation, publish);
        apply(next, publish ? w.published(language.name) : w.saved(language.name));
      } catch (err) {
        fail(err);
      } finally {
        setBusy(false);
      }
    })();

  const step = async (which: 'confirm' | 'discard') => {
    setBusy(true);
    try {
      const next = await translationStep(reading.collection, reading.id, reading.lang, reading.version, which);
      apply(next, which === 'confirm' ? w.confirmed : w.discarded);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(settings);
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {w.empty}
          </Text>
          {reading.slots.map((slot, i) => {
            const changed = reading.changed.includes(slot.key);
            const before = reading.source?.[slot.key];
            return (
              <Paper key={slot.key} withBorder radius="md" p="sm">
                <Grid gap="md">
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <Stack gap={6}>
                      <Text size="sm" fw={600}>
                        {slot.label}: {w.original(defaultName)}
                      </Text>
                      <Original slot={slot} lang={defaultCode} />
                      {changed && (
                        <Alert color="orange" variant="light" p="xs">
                          <WordDiff before={before ?? ''} after={slot.value} rich={slot.type === 'richText'} lang={defaultCode} language={defaultName} />
                        </Alert>
                      )}
                    </Stack>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <div lang={language.code} dir={language.dir}>
                      {slot.type === 'richText' ? <RichTextWidget field={fieldOf(slot, i, language.name)} name={nameOf(i)} /> : <TextWidget field={fieldOf(slot, i, language.name)} name={nameOf(i)} />}
                    </div>
                  </Grid.Col>
                </Grid>
              </Paper>
            );
          })}
          <Group gap="sm" wrap="wrap">
            {!settings && (
              <Button type="submit" variant="default" loading={busy} disabled={busy}>
                {w.save}
              </Button>
            )}
            <Button type="button" onClick={() => void submit(true)} loading={busy} disabled={busy}>
              {w.publish(language.name)}
            </Button>
            {reading.state === 'outdated' && !dirty && !settings && !only && (
              <Button type="button" variant="light" onClick={() => void step('confirm')} disabled={busy}>
                {w.stillCorrect}
              </Button>
            )}
            {reading.hasPendingChanges && (
              <Button type="button" variant="subtle" color="red.8" onClick={() => void step('discard')} disabled={busy}>
                {w.discard}
              </Button>
            )}
          </Group>
          <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
            {message}
          </VisuallyHidden>
          {!settings && !only && <History
            level={historyLevel}
            reading={reading}
            onUse={(n, values) => {
              for (const [i, slot] of reading.slots.entries()) form.setValue(nameOf(i), values[slot.key] ?? '', { shouldDirty: true });
              setMessage('');
              window.setTimeout(() => setMessage(w.usedWords(n)), 50);
            }}
          />}
        </Stack>
      </form>
    </FormProvider>
  );
}

/** The translation's steps (a disclosure), each with who and when, and its words to take back into the form. */
function History({ reading, onUse, level }: { reading: TranslationReading; onUse(number: number, values: Record<string, string>): void; level: 2 | 3 }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const query = useTranslationHistory(reading.collection, reading.id, reading.lang, open);
  return (
    <Paper withBorder radius="md" p="sm">
      <Title order={level} size="h5" m={0}>
        <Button variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id} px="xs">
          <span aria-hidden="true">{open ? '▾' : '▸'}&nbsp;</span>
          {w.history}
        </Button>
      </Title>
      <div id={id} hidden={!open}>
        {open &&
          (query.isPending ? (
            <Text size="sm">Loading…</Text>
          ) : query.isError ? (
            <Text size="sm" c="red.8">
              {query.error.message}
            </Text>
          ) : query.data.revisions.length === 0 ? (
            <Text size="sm">{w.historyEmpty}</Text>
          ) : (
            <Stack gap="xs" component="ol" p={0} m={0} mt="xs" style={{ listStyle: 'none' }} aria-label={`${w.history} of the translation`}>
              {query.data.revisions.map((r) => (
                <Group component="li" key={r.number} justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm">
                    <strong>Version {r.number}</strong> · {w.actions[r.action]} · <time dateTime={r.at}>{absoluteTime(r.at)}</time>
                    {r.by ? ` · ${r.by.name}` : ''}
                  </Text>
                  <Button size="xs" variant="default" type="button" onClick={() => onUse(r.number, r.values)} aria-label={`${w.useWords}: version ${r.number}`}>
                    {w.useWords}
                  </Button>
                </Group>
              ))}
            </Stack>
          ))}
      </div>
    </Paper>
  );
}

export function TranslationEditorScreen() {
  const { collection = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const report = useTranslationReport(null);
  const lang = params.get('lang') ?? report.data?.lang ?? '';
  const query = useTranslation(collection, id, lang);
  const languages = report.data?.languages ?? [];
  const language = languages.find((l) => l.code === lang);
  const defaultLanguage = languages.find((l) => l.code === report.data?.defaultLanguage);
  const title = query.data
    ? query.data.collection === settingsCollection
      ? 'Site settings'
      : (query.data.slots.find((s) => s.key === 'title' || s.key === 'name')?.value ?? query.data.slots[0]?.value ?? 'Untitled')
    : '';
  useStaffTitle(title && language ? `Translate “${title}” into ${language.name}` : null);

  return (
    <Screen>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={lang ? `${translationsScreenPath}?lang=${encodeURIComponent(lang)}` : translationsScreenPath} size="sm">
            ← Back to Translations
          </Anchor>
          <Title order={1} mt={4} style={{ overflowWrap: 'anywhere' }}>
            {language && title ? `Translate “${title.replace(/<[^>]+>/g, '')}” into ${language.name}` : 'Translate'}
          </Title>
          {query.data && (
            <Group gap="xs" mt={6}>
              <Badge color={stateColors[query.data.state]} variant="light" c="dark.9" tt="none">
                {stateLabels[query.data.state]}
              </Badge>
              {query.data.hasPendingChanges && (
                <Badge color="blue" variant="light" c="dark.9" tt="none">
                  Unpublished changes
                </Badge>
              )}
            </Group>
          )}
        </div>
        {query.isPending || report.isPending ? (
          <ContentLoader label="Loading the translation" />
        ) : query.isError ? (
          <LoadFailed title="The translation could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        ) : !language || !defaultLanguage ? (
          <Alert color="red">The site has no language “{lang}”.</Alert>
        ) : query.data.slots.length === 0 ? (
          <Alert color="blue">This block has no text to translate.</Alert>
        ) : (
          <Editor key={`${query.data.id}:${query.data.lang}`} reading={query.data} language={language} defaultName={defaultLanguage.name} defaultCode={defaultLanguage.code} />
        )}
      </Stack>
    </Screen>
  );
}
