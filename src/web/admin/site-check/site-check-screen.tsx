/**
 * /site-check (staff): every authoring finding on what visitors see now,
 * grouped by the page that shows each block, as the site's structure says
 * ("Other content" for blocks on no page, "Site
 * settings" last), each with its rule in words, its severity, the block and
 * a "Fix" link to the block's form or the settings.
 */
import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { getCollection } from '../../../shared/collections.js';
import { authoringRuleLabels, settingsCollection, siteCheckGroupLabels, type SiteCheck, type SiteFinding } from '../../../shared/site-check.js';
import { ContentLoader, LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { editPathOf } from '../../../shared/routes.js';
import { useSiteCheck } from './api.js';
import { findingCountText, severityColour, severityLabel } from './words.js';

interface Group {
  key: string;
  label: string;
  findings: SiteFinding[];
}

/** The groups in the order of the site: its pages (as the check's answer names them), then other content, then the settings. */
export function groupsOf({ findings, pages }: SiteCheck): Group[] {
  const groups: Group[] = pages.map((p) => ({ key: p.id, label: p.title, findings: findings.filter((f) => f.page === p.id) }));
  groups.push({ key: 'other', label: siteCheckGroupLabels.other, findings: findings.filter((f) => f.collection !== settingsCollection && !pages.some((p) => p.id === f.page)) });
  groups.push({ key: 'settings', label: siteCheckGroupLabels.settings, findings: findings.filter((f) => f.collection === settingsCollection) });
  return groups.filter((g) => g.findings.length > 0);
}

/** Where a finding is fixed: the block's form (its collection's first form path) or the settings. */
export function fixPathOf(f: Pick<SiteFinding, 'collection' | 'id'>): string {
  return editPathOf(f.collection, f.id);
}

function fieldLabelOf(f: SiteFinding): string {
  const top = f.field.split('.')[0] ?? f.field;
  const c = getCollection(f.collection);
  return c?.fields.find((x) => x.name === top)?.label ?? top;
}

function FindingsList({ group }: { group: Group }) {
  const headingId = `site-check-${group.key}`;
  // Errors first: they keep visitors out.
  const ordered = [...group.findings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {group.label} <Text component="span" size="sm" c="dimmed" fw={400}>({findingCountText(group.findings)})</Text>
      </Title>
      <List listStyleType="none" spacing={0} withPadding={false}>
        {ordered.map((f, i) => (
          <List.Item key={`${f.collection}-${f.id}-${f.field}-${f.rule}-${i}`} data-testid="site-check-finding" className="site-check-finding">
            <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
              <Stack gap={4}>
                <Group gap={8} wrap="wrap">
                  <Badge size="sm" variant="filled" autoContrast color={severityColour[f.severity]}>
                    {severityLabel[f.severity]}
                  </Badge>
                  <Text size="sm" fw={700} component="span">
                    {authoringRuleLabels[f.rule]}
                  </Text>
                </Group>
                <Text size="sm">
                  <Text component="span" fw={600} size="sm">
                    {f.title}
                  </Text>
                  <Text component="span" c="dimmed" size="xs">
                    {' '}
                    · {getCollection(f.collection)?.label ?? siteCheckGroupLabels.settings} · {fieldLabelOf(f)}
                  </Text>
                </Text>
                <Text size="sm">{f.message}</Text>
              </Stack>
              <Anchor component={Link} to={fixPathOf(f)} size="sm" fw={700} style={{ flexShrink: 0 }}>
                Fix<VisuallyHidden> “{f.title}”: {authoringRuleLabels[f.rule]}</VisuallyHidden>
              </Anchor>
            </Group>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

function SiteCheckBody() {
  const query = useSiteCheck();
  if (query.isPending) return <ContentLoader label="Checking the site" />;
  if (query.isError) return <LoadFailed title="The site check could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  const { findings } = query.data;
  const groups = groupsOf(query.data);
  return (
    <Stack gap="lg">
      <Group gap="sm" align="center">
        <Text fw={600} role="status" data-testid="site-check-summary">
          {findings.length === 0 ? 'No problems found' : `${findings.length === 1 ? '1 problem' : `${findings.length} problems`}: ${findingCountText(findings)}`}
        </Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          Check again
        </Button>
      </Group>
      {findings.length === 0 ? (
        <Text>Every published block and the site settings pass the checks.</Text>
      ) : (
        groups.map((g) => <FindingsList key={g.key} group={g} />)
      )}
    </Stack>
  );
}

export function SiteCheckScreen() {
  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title="Site check">
          Accessibility checks on everything visitors see now: every published block and the site settings. Errors keep some visitors out; warnings make the site harder to use.
        </ScreenHeading>
        <SiteCheckBody />
      </Stack>
    </Screen>
  );
}
