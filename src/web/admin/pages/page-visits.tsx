/**
 * A page's readers on the Pages screen: the views of its address in the last
 * 7 and 30 days (shared/visits.ts), with a small chart of the 30 days drawn
 * in plain SVG (the chart library stays on the Visits screen). The chart is
 * for the eye only: the sentence beside it says the totals, and "Views per
 * day" opens the table of its 30 days.
 */
import { Anchor, Box, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { addDays, dayLabel, type RecentVisits } from '../../../shared/visits.js';
import { visitsScreenPath } from '../../../shared/staff-screens.js';

const width = 120;
const height = 24;

function Spark({ daily }: { daily: readonly number[] }) {
  const most = Math.max(1, ...daily);
  const bar = width / daily.length;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" data-testid="page-visits-chart">
      <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} stroke="#868e96" strokeWidth={1} />
      {daily.map((n, i) => {
        const h = n === 0 ? 0 : Math.max(2, (n / most) * (height - 2));
        return <rect key={i} x={i * bar + 0.5} y={height - 1 - h} width={Math.max(1, bar - 1)} height={h} fill="#1c7ed6" />;
      })}
    </svg>
  );
}

const plural = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'view' : 'views'}`;

/** The views of `path` (a published page's address in the default language), or nothing while they load. */
export function PageVisits({ path, recent }: { path: string; recent: RecentVisits | undefined }) {
  if (!recent) return null;
  const of = recent.paths.find((p) => p.path === path);
  const daily = of?.daily ?? Array.from({ length: 30 }, () => 0);
  return (
    <Group gap="xs" wrap="wrap" data-testid="page-visits">
      <Spark daily={daily} />
      <Text size="sm">{`${plural(of?.week ?? 0)} in the last 7 days, ${plural(of?.month ?? 0)} in the last 30 days.`}</Text>
      <Anchor component={Link} to={visitsScreenPath} size="sm">
        All visits
      </Anchor>
      <Box component="details" w="100%" fz="sm" data-testid="page-visits-days">
        <Box component="summary" style={{ cursor: 'pointer' }}>
          Views per day
        </Box>
        <Table withTableBorder striped verticalSpacing={2} fz="sm" maw={280} mt={4} captionSide="top">
          <Table.Caption ta="left">{`Views of ${path} per day (UTC), the last 30 days`}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              <Table.Th scope="col" ta="right">
                Views
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {daily.map((n, i) => {
              const day = addDays(recent.to, i - (daily.length - 1));
              return (
                <Table.Tr key={day}>
                  <Table.Th scope="row" fw={400}>
                    {dayLabel(day)}
                  </Table.Th>
                  <Table.Td ta="right">{n.toLocaleString('en-GB')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
    </Group>
  );
}
