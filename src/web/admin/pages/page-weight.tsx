/**
 * A page's weight on a phone, on the Pages screen: what a visitor's phone
 * downloads for the page's first view (the server's measure,
 * src/shared/page-weight.ts), by kind, and a warning naming the heaviest
 * pictures when it is over the budget set in the site settings; while the
 * server weighs, how far it has got.
 */
import { Paper, Stack, Text } from '@mantine/core';
import { formatWeight, type PageView, type PageWeight, type PageWeightsAnswer } from '../../../shared/page-weight.js';

/** Dark enough for small text on white and on the warning's tint (at least 4.5:1). */
const warningColour = '#8a4b00';

function pictureName(alt: string): string {
  return alt ? `“${alt}”` : 'a decorative picture';
}

/** A published page the server could not weigh: what its address answered. */
export function PageWeightFailed({ status }: { status: number }) {
  return (
    <Text size="sm" c={warningColour} data-testid="page-weight-failed">
      {`This page could not be weighed: its address answered ${status}${status >= 500 ? ', so it may not show to visitors either. The server log says why.' : '.'}`}
    </Text>
  );
}

/** How each kind of weight is said after its number. */
const viewWords: Record<PageView, string> = {
  'first-view': 'on a phone’s first view',
  'whole-page': 'on a phone for the whole page',
};

/**
 * Above the pages: that they are being weighed (a live region, heard when it
 * starts and when it ends), how far it has got, and why weights are of whole
 * pages when the server could not load first views.
 */
export function WeighingStatus({ answer, waiting }: { answer: PageWeightsAnswer | undefined; waiting: boolean }) {
  const weighing = waiting || Boolean(answer?.weighing);
  const progress = answer?.weighing && answer.weighing.of > 0 ? `${answer.weighing.done} of ${answer.weighing.of} pages weighed.` : '';
  return (
    <Stack gap={2} data-testid="page-weighing">
      {/* Mounted from the start, so screen readers hear it change. */}
      <Text size="sm" c="dimmed" role="status">
        {weighing ? 'Weighing the pages as a phone downloads them…' : ''}
      </Text>
      {progress && (
        <Text size="sm" c="dimmed" data-testid="page-weighing-progress">
          {progress}
        </Text>
      )}
      {answer?.firstViewUnavailable && (
        <Text size="sm" c="dimmed" data-testid="page-weight-whole">
          {answer.firstViewUnavailable}
        </Text>
      )}
    </Stack>
  );
}

export function PageWeightLine({ weight, budget }: { weight: PageWeight; budget: number }) {
  const { parts } = weight;
  const split = `HTML ${formatWeight(parts.html)}, CSS ${formatWeight(parts.css)}, JavaScript ${formatWeight(parts.js)}, pictures ${formatWeight(parts.pictures)}${parts.other > 0 ? `, the icon and other files ${formatWeight(parts.other)}` : ''}`;
  const later = weight.laterSlides > 0 ? ` The pictures of ${weight.laterSlides} later ${weight.laterSlides === 1 ? 'slide come' : 'slides come'} only when shown.` : '';
  const summary = (
    <Text size="sm" data-testid="page-weight" data-bytes={weight.total}>
      <Text component="span" size="sm" fw={600}>{`${formatWeight(weight.total)} ${viewWords[weight.view]}`}</Text>
      {` (${split}).${later}`}
    </Text>
  );
  if (!weight.over) return summary;
  return (
    <Paper withBorder radius="sm" px="sm" py="xs" style={{ borderColor: warningColour }} bg="var(--mantine-color-orange-0)" data-testid="page-weight-warning">
      {summary}
      <Text size="sm" c={warningColour} fw={600}>
        {`Over the ${formatWeight(budget)} budget for a page.`}
      </Text>
      {weight.heaviest.length > 0 && (
        <Text size="sm">
          {`The heaviest pictures: ${weight.heaviest.map((p) => `${pictureName(p.alt)} (${formatWeight(p.bytes)})`).join(', ')}. Fewer pictures, or smaller ones, make it lighter.`}
        </Text>
      )}
    </Paper>
  );
}
