/**
 * /visits (staff): which public pages people read over a chosen period,
 * counted on the server without cookies (shared/visits.ts). The period's
 * views and visitors, a chart of each day, the most read pages, the
 * languages, the sites that sent visitors and the campaigns, and the CSV.
 * Each chart is a picture for the eye only: the table beside it holds the
 * same numbers for screen readers and keyboards. Loaded only when opened:
 * the chart library stays out of the rest of the staff app.
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { AreaChart, BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { addDays, dayLabel, dayOf, daysBetween, visitsPeriodMaxDays, type VisitsReport } from '../../../shared/visits.js';
import { LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { DownloadButton } from '../content/download-button.js';
import { downloadVisitsCsv, visitsErrorMessage, visitsReportQuery } from './api.js';

/** The periods offered, as days back from today (today included). */
const presets = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 12 months' },
  { value: 'chosen', label: 'Days I choose' },
] as const;
type Preset = (typeof presets)[number]['value'];

/** How many rows of a list the bar chart draws (the table beside it has them all). */
const barsShown = 8;

const numberFormat = new Intl.NumberFormat('en-GB');
const count = (n: number) => numberFormat.format(n);

/** `2026-12-05` as "5 Dec" (the chart's axis) or "5 December 2026" (tables). */
function periodProblem(from: string, to: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'Give both days.';
  if (from > to) return 'The last day is before the first day.';
  if (daysBetween(from, to) >= visitsPeriodMaxDays) return `A period is at most ${visitsPeriodMaxDays} days.`;
  return null;
}

/** A chart for the eye, hidden from screen readers: the table given as `children` holds its numbers. */
function ChartWithTable({ title, id, chart, children }: { title: string; id: string; chart: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={id} data-testid={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <div aria-hidden="true">{chart}</div>
        {children}
      </Stack>
    </Paper>
  );
}

/** A table of a list; long addresses break anywhere, so it fits a phone without scrolling sideways. */
function ListTable({ caption, head, rows, empty }: { caption: string; head: string[]; rows: (string | number)[][]; empty: string }) {
  if (rows.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Table striped withTableBorder verticalSpacing={4} fz="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} scope="col" ta={i === 0 ? 'left' : 'right'}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            <Table.Tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <Table.Th key={i} scope="row" fw={400} style={{ wordBreak: 'break-all' }}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={i} ta="right">
                    {typeof cell === 'number' ? count(cell) : cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
  );
}

/** Bars of the first few rows of a list, longest first. */
function Bars({ data }: { data: { name: string; views: number }[] }) {
  if (data.length === 0) return null;
  return (
    <BarChart
      h={Math.max(120, Math.min(data.length, barsShown) * 34 + 30)}
      data={data.slice(0, barsShown)}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'views', label: 'Views', color: 'blue.7' }]}
      yAxisProps={{ width: 110, tickFormatter: (v: string) => (v.length > 14 ? `${v.slice(0, 13)}…` : v) }}
      gridAxis="none"
      withTooltip={false}
      valueFormatter={count}
      barChartProps={{ accessibilityLayer: false }}
      barProps={{ maxBarSize: 22 }}
    />
  );
}

/** One of the period's totals. */
function Total({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm">{label}</Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {count(value)}
      </Text>
    </Paper>
  );
}

function Report({ report }: { report: VisitsReport }) {
  const { total, days, pages, languages, referrers, campaigns } = report;
  const daily = days.map((d) => ({ day: dayLabel(d.day), views: d.views, visitors: d.visitors }));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="sm" maw={480}>
        <Total label="Views" value={total.views} testId="visits-total-views" />
        <Total label="Visitors" value={total.visitors} testId="visits-total-visitors" />
      </SimpleGrid>

      <ChartWithTable
        title="Views and visitors per day"
        id="visits-days"
        chart={
          <AreaChart
            h={220}
            data={daily}
            dataKey="day"
            series={[
              { name: 'views', label: 'Views', color: 'blue.7' },
              { name: 'visitors', label: 'Visitors', color: 'teal.8' },
            ]}
            curveType="monotone"
            withDots={days.length <= 31}
            withLegend
            withTooltip={false}
            valueFormatter={count}
            areaChartProps={{ accessibilityLayer: false }}
          />
        }
      >
        <VisuallyHidden>
          <ListTable caption="Views and visitors per day" head={['Day', 'Views', 'Visitors']} rows={days.map((d) => [dayLabel(d.day, true), d.views, d.visitors])} empty="" />
        </VisuallyHidden>
      </ChartWithTable>

      <ChartWithTable title="Most read pages" id="visits-pages" chart={<Bars data={pages.map((p) => ({ name: p.path, views: p.views }))} />}>
        <ListTable caption="Views and visitors per page and language" head={['Address', 'Language', 'Views', 'Visitors']} rows={pages.map((p) => [p.path, p.lang, p.views, p.visitors])} empty="No page was viewed in this period." />
      </ChartWithTable>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartWithTable title="Languages" id="visits-languages" chart={<Bars data={languages.map((l) => ({ name: l.lang, views: l.views }))} />}>
          <ListTable caption="Views and visitors per language" head={['Language', 'Views', 'Visitors']} rows={languages.map((l) => [l.lang, l.views, l.visitors])} empty="No views in this period." />
        </ChartWithTable>
        <ChartWithTable title="Sites that sent visitors" id="visits-referrers" chart={<Bars data={referrers.map((r) => ({ name: r.host, views: r.views }))} />}>
          <ListTable caption="Views that came from another site, by its address" head={['Site', 'Views']} rows={referrers.map((r) => [r.host, r.views])} empty="No visitor came from another site in this period (or their browser did not say)." />
        </ChartWithTable>
      </SimpleGrid>

      <ChartWithTable title="Campaigns" id="visits-campaigns" chart={<Bars data={campaigns.map((c) => ({ name: c.campaign || c.source, views: c.views }))} />}>
        <Text size="sm" c="dimmed">
          Links that carry utm_source or utm_campaign, such as a newsletter’s.
        </Text>
        <ListTable caption="Views that came with a campaign" head={['Campaign', 'Source', 'Views']} rows={campaigns.map((c) => [c.campaign || '(none)', c.source || '(none)', c.views])} empty="No view came with a campaign in this period." />
      </ChartWithTable>
    </Stack>
  );
}

/** A day of the period, typed or picked (the browser's date field). */
function DayInput({ label, value, min, max, error, onChange }: { label: string; value: string; min?: string; max?: string; error?: string | null; onChange(day: string): void }) {
  return <TextInput type="date" label={label} value={value} min={min} max={max} onChange={(e) => onChange(e.currentTarget.value)} w={170} error={error ?? undefined} />;
}

export function VisitsScreen() {
  const today = dayOf(Date.now());
  const [preset, setPreset] = useState<Preset>('30');
  const [from, setFrom] = useState(() => addDays(today, -29));
  const [to, setTo] = useState(today);
  const problem = periodProblem(from, to);
  const report = useQuery({ ...visitsReportQuery(from, to), enabled: problem === null, placeholderData: keepPreviousData });

  function chooseDay(set: (day: string) => void, day: string) {
    setPreset('chosen');
    set(day);
  }

  function choose(value: Preset) {
    setPreset(value);
    if (value === 'chosen') return;
    setFrom(addDays(today, 1 - Number(value)));
    setTo(today);
  }

  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title="Visits">
          Which public pages people read, counted by this server without cookies. Visitors are counted per day from a code that changes every day and cannot be
          traced back to anyone; robots and signed-in staff are not counted. Days are UTC days.
        </ScreenHeading>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" aria-label="Choose the period" onSubmit={(e) => e.preventDefault()}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect label="Period" data={presets.map((p) => ({ value: p.value, label: p.label }))} value={preset} onChange={(e) => choose(e.currentTarget.value as Preset)} w={180} />
            <DayInput label="From" value={from} max={to} onChange={(day) => chooseDay(setFrom, day)} />
            <DayInput label="To" value={to} min={from} onChange={(day) => chooseDay(setTo, day)} error={problem} />
            <DownloadButton label="Download as CSV" disabled={problem !== null} run={(signal) => downloadVisitsCsv(from, to, signal)} errorMessage={visitsErrorMessage} />
          </Group>
        </Paper>
        <Text size="sm" role="status" aria-live="polite" data-testid="visits-period">
          {problem === null ? (report.isFetching && !report.data ? 'Loading the counts…' : `From ${dayLabel(from, true)} to ${dayLabel(to, true)}.`) : ''}
        </Text>
        {report.isError && <LoadFailed title="The counts could not be loaded" error={report.error} onRetry={() => void report.refetch()} />}
        {report.data && problem === null && <Report report={report.data} />}
        {report.data && report.data.total.views === 0 && (
          <Alert color="gray" title="No views yet in this period">
            <Box>
              <Text size="sm">Views appear within a second of a visitor reading a page. Try a longer period.</Text>
              <Button mt="xs" size="xs" variant="default" onClick={() => choose('365')}>
                Show the last 12 months
              </Button>
            </Box>
          </Alert>
        )}
      </Stack>
    </Screen>
  );
}
