/**
 * Site settings (super only): the organisation's name, logo, contact and
 * links, edited with the same generic form as every block and saved with
 * PUT /api/settings and If-Match.
 */
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { siteSettingsFields, siteSettingsSchema } from '../../../shared/settings.js';
import { ContentLoader, LoadFailed, Screen } from '../content/screen.js';
import { fetchSettings, saveSettings, settingsKey, useSettings } from '../content/settings.js';
import { BlockForm } from '../fields/block-form.js';
import { settingsTarget } from '../../../shared/authoring/check.js';
import { formChecksFrames } from '../site-check/form-checks.js';
import { siteCheckKey } from '../site-check/api.js';
import { LanguagesForm } from '../translations/languages-form.js';
import { useStaffTitle } from '../layouts/staff-title.js';

/** The authoring checks of the settings (the logo's alt text, links, capitals), live as on every block. */
const settingsChecks = formChecksFrames(settingsTarget(siteSettingsFields));

function SettingsForm() {
  const query = useSettings();
  const client = useQueryClient();
  useStaffTitle('Site settings');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Site settings</Title>
        <Text c="dimmed" size="sm" mt={4}>
          The organisation’s name, logo, contact details and links appear in the header, the footer and what search engines read.
        </Text>
      </div>
      {query.isPending ? (
        <ContentLoader label="Loading the site settings" />
      ) : query.isError ? (
        <LoadFailed title="The site settings could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <BlockForm
          fields={siteSettingsFields}
          dataSchema={siteSettingsSchema}
          initial={{ data: query.data.data, version: query.data.version }}
          cancelTo={null}
          submitLabel="Save settings"
          subject="the site settings"
          {...settingsChecks}
          save={async (values, version) => {
            const saved = await saveSettings(values.data, version ?? query.data.version);
            client.setQueryData(settingsKey, saved);
            void client.invalidateQueries({ queryKey: siteCheckKey });
            return { data: saved.data, version: saved.version };
          }}
          loadLatest={async () => {
            const latest = await fetchSettings();
            client.setQueryData(settingsKey, latest);
            return { data: latest.data, version: latest.version };
          }}
          onSaved={() => {
            notifications.show({ color: 'green', message: 'Site settings saved. The website shows them now.' });
            return false;
          }}
        />
      )}
      {query.data && <LanguagesForm settings={query.data} />}
    </Stack>
  );
}

export function SettingsScreen() {
  return (
    <Screen>
      <SettingsForm />
    </Screen>
  );
}
