/**
 * /dashboard (staff): where /admin and the public site's staff bar lead. What
 * waits — drafts of pages and blocks and changes not live yet, what is
 * scheduled, outdated and missing translations, the site check's findings —
 * each with the way to it, and "New page" (the Pages screen's dialog).
 */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api-client.js';
import { dashboardApi, dashboardAnswerSchema, type DashboardAnswer, type WaitingItem } from '../../../shared/dashboard.js';
import { documentStateLabels } from '../../../shared/editorial.js';
import { editorialPaths } from '../../../shared/editorial.js';
import { siteCheckPath } from '../../../shared/site-check.js';
import { sitePageCollection } from '../../../shared/site-structure.js';
import { translationsScreenPath } from '../../../shared/translations.js';
import { useCan } from '../content/abilities.js';
import { ContentLoader, LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { formatWhen } from '../backups/format.js';
import { NewPageButton } from '../pages/new-page-dialog.js';
import { useSitePages } from '../pages/site-pages.js';
import { useSiteCheck } from '../site-check/api.js';
import { useTranslationReport } from '../translations/api.js';

export const dashboardKey = ['dashboard'] as const;

function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async ({ signal }): Promise<DashboardAnswer> => dashboardAnswerSchema.parse(await api<unknown>(dashboardApi, { signal })),
  });
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** One waiting page or block: its title (the way to its editor), its state, and its page. */
function WaitingRow({ item, timeZone }: { item: WaitingItem; timeZone: string }) {
  const when = [item.publishAt ? `goes live ${formatWhen(item.publishAt, timeZone)}` : null, item.unpublishAt ? `comes off ${formatWhen(item.unpublishAt, timeZone)}` : null].filter(Boolean).join(', ');
  return (
    <li className="dashboard-item">
      <Anchor component={Link} to={item.editPath} fw={600}>
        {item.title}
      </Anchor>
      <Group gap={6} mt={2} wrap="wrap">
        <Badge size="sm" variant="light" color={item.state === 'draft' ? 'gray' : item.state === 'scheduled' ? 'blue' : 'orange'} c="dark.9">
          {documentStateLabels[item.state]}
        </Badge>
        <Text size="sm" c="dark.6">
          {item.kind === 'page' ? 'Page' : item.page ? `${item.collectionLabel} · on ${item.page.title}` : item.collectionLabel}
          {when ? ` · ${when}` : ''}
        </Text>
      </Group>
    </li>
  );
}

function WaitingList({ list, empty, timeZone, more }: { list: DashboardAnswer['drafts']; empty: string; timeZone: string; more: string }) {
  if (list.items.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <>
      <ul className="dashboard-list">
        {list.items.map((item) => (
          <WaitingRow key={`${item.collection} ${item.id}`} item={item} timeZone={timeZone} />
        ))}
      </ul>
      {list.total > list.items.length && (
        <Text size="sm">
          {plural(list.total - list.items.length, 'more', 'more')} {more}
        </Text>
      )}
    </>
  );
}

function TranslationsCard() {
  const report = useTranslationReport(null);
  const counts = report.data?.counts;
  const outdated = counts ? Object.values(counts).reduce((n, c) => n + c.outdated, 0) : 0;
  const missing = counts ? Object.values(counts).reduce((n, c) => n + c.missing, 0) : 0;
  return (
    <Card title="Translations" id="dashboard-translations">
      {report.isPending ? (
        <Text size="sm">Counting…</Text>
      ) : report.isError ? (
        <Text size="sm">The translations could not be counted. {report.error.message}</Text>
      ) : report.data.languages.length <= 1 ? (
        <Text size="sm">The site speaks one language: nothing to translate.</Text>
      ) : (
        <Text size="sm" data-testid="dashboard-translations">
          {plural(outdated, 'translation is', 'translations are')} outdated (the original changed since), {plural(missing, 'item is', 'items are')} not translated yet.
        </Text>
      )}
      <Anchor component={Link} to={translationsScreenPath} size="sm" fw={600}>
        Open Translations
      </Anchor>
    </Card>
  );
}

function SiteCheckCard() {
  const check = useSiteCheck();
  const findings = check.data?.findings;
  const errors = findings?.filter((f) => f.severity === 'error').length ?? 0;
  return (
    <Card title="Site check" id="dashboard-site-check">
      {check.isPending ? (
        <Text size="sm">Checking…</Text>
      ) : check.isError ? (
        <Text size="sm">The site check could not run. {check.error.message}</Text>
      ) : (
        <Text size="sm" data-testid="dashboard-site-check">
          {findings && findings.length > 0 ? `${plural(findings.length, 'problem', 'problems')} on the published site, ${plural(errors, 'error', 'errors')}.` : 'No problems found on the published site.'}
        </Text>
      )}
      <Anchor component={Link} to={siteCheckPath} size="sm" fw={600}>
        Open the site check
      </Anchor>
    </Card>
  );
}

export function DashboardScreen() {
  const dashboard = useDashboard();
  const pages = useSitePages();
  const canCreate = useCan({ type: 'collection', name: sitePageCollection })('create');
  const { timeZone } = useSiteTimeZone();
  const data = dashboard.data;

  return (
    <Screen>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <ScreenHeading title="Dashboard">What waits for you on the site, and where to change it.</ScreenHeading>
          {canCreate && pages.data && <NewPageButton pages={pages.data} />}
        </Group>
        {dashboard.isPending ? (
          <ContentLoader label="Loading what waits" />
        ) : dashboard.isError ? (
          <LoadFailed title="What waits could not be loaded" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card title={`Drafts and changes not live (${data?.drafts.total ?? 0})`} id="dashboard-drafts">
              {data && <WaitingList list={data.drafts} empty="Nothing waits: every page and block is published as saved." timeZone={timeZone} more="on the Pages screen and in the lists." />}
              <Anchor component={Link} to={editorialPaths.pages} size="sm" fw={600}>
                Open Pages
              </Anchor>
            </Card>
            <Card title={`Scheduled (${data?.scheduled.total ?? 0})`} id="dashboard-scheduled">
              {data && <WaitingList list={data.scheduled} empty="Nothing is scheduled to go live or come off the site." timeZone={timeZone} more="in the lists (filter: Scheduled)." />}
            </Card>
            <TranslationsCard />
            <SiteCheckCard />
          </SimpleGrid>
        )}
      </Stack>
    </Screen>
  );
}
