/**
 * The site's languages, on the Site settings screen: each with its code
 * (BCP 47), its name in itself and its direction, one of them the default
 * (its pages keep the plain addresses; every other language's live under
 * `/<code>/`). Saved with the settings (PUT /api/settings, If-Match).
 */
import { ActionIcon, Alert, Button, Group, Paper, Radio, Select, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { englishOnly, languagesMax, siteLanguagesOf, siteLanguagesSchema, type Language } from '../../../shared/languages.js';
import { ApiError } from '../../api-client.js';
import { saveSettings, settingsKey, type SettingsAnswer } from '../content/settings.js';
import { translationsKey } from './api.js';

const directions = [
  { value: 'ltr', label: 'Left to right' },
  { value: 'rtl', label: 'Right to left (Arabic, Hebrew, Persian, Urdu)' },
];

export function LanguagesForm({ settings }: { settings: SettingsAnswer }) {
  const client = useQueryClient();
  const stored = siteLanguagesOf(settings.data as { languages?: Language[]; defaultLanguage?: string });
  const [languages, setLanguages] = useState<Language[]>(stored.languages);
  const [defaultLanguage, setDefault] = useState(stored.defaultLanguage);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const headingId = useId();

  const change = (i: number, patch: Partial<Language>) => setLanguages((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const save = async () => {
    const checked = siteLanguagesSchema.safeParse({ languages, defaultLanguage });
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      setStatus('Some languages need fixing: see the highlighted fields.');
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveSettings({ ...settings.data, ...checked.data }, settings.version);
      client.setQueryData(settingsKey, saved);
      void client.invalidateQueries({ queryKey: translationsKey });
      notifications.show({ color: 'green', message: 'Languages saved. The website offers them now.' });
      setStatus('Languages saved.');
    } catch (err) {
      const message =
        err instanceof ApiError && err.code === 'aborted' ? 'The settings were changed by someone else meanwhile. Reload the page and try again.' : err instanceof Error ? err.message : String(err);
      setStatus(message);
      notifications.show({ color: 'red', message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} maw={1080}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Languages
        </Title>
        <Text size="sm" c="dimmed">
          The default language’s pages keep their addresses; every other language’s pages are under /code/ (such as /sw/kuhusu) once translated. Name each language in itself, as its speakers do.
        </Text>
        <Radio.Group value={defaultLanguage} onChange={setDefault} label="Default language" error={errors.defaultLanguage}>
          <Stack gap="xs" mt="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {languages.map((l, i) => (
              <Group component="li" key={i} align="flex-end" gap="sm" wrap="wrap">
                <Radio value={l.code} label={<VisuallyHidden>Default: {l.name || l.code || `language ${i + 1}`}</VisuallyHidden>} aria-label={`Make ${l.name || l.code || `language ${i + 1}`} the default`} mb={10} />
                <TextInput label="Code" value={l.code} onChange={(e) => change(i, { code: e.currentTarget.value })} error={errors[`languages.${i}.code`]} w={110} autoComplete="off" />
                <TextInput label="Name in itself" value={l.name} lang={l.code || undefined} dir={l.dir} onChange={(e) => change(i, { name: e.currentTarget.value })} error={errors[`languages.${i}.name`]} w={200} />
                <Select label="Direction" data={directions} value={l.dir} allowDeselect={false} onChange={(v) => change(i, { dir: v === 'rtl' ? 'rtl' : 'ltr' })} w={240} />
                {l.code !== defaultLanguage && (
                  <ActionIcon variant="default" size="lg" mb={2} onClick={() => setLanguages((ls) => ls.filter((_, j) => j !== i))} aria-label={`Remove ${l.name || l.code || `language ${i + 1}`}`}>
                    <span aria-hidden="true">×</span>
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {errors.languages && (
          <Alert color="red" p="xs">
            {errors.languages}
          </Alert>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={() => setLanguages((ls) => [...ls, { code: '', name: '', dir: 'ltr' }])} disabled={languages.length >= languagesMax}>
            Add a language
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Save languages
          </Button>
          {languages.length === 1 && languages[0]?.code === englishOnly.defaultLanguage && <Text size="sm">The site speaks English only.</Text>}
        </Group>
        <VisuallyHidden role="status" aria-live="polite">
          {status}
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
