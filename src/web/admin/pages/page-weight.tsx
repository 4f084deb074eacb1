/**
 * A page's weight on a phone, on the Pages screen: what a visitor's phone
 * downloads to show the page from top to bottom (the server's measure,
 * src/shared/page-weight.ts), by kind, and a warning naming the heaviest
 * pictures when it is over the budget set in the site settings.
 */
import { Paper, Text } from '@mantine/core';
import { formatWeight, type PageWeight } from '../../../shared/page-weight.js';

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

export function PageWeightLine({ weight, budget }: { weight: PageWeight; budget: number }) {
  const { parts } = weight;
  const split = `HTML ${formatWeight(parts.html)}, CSS ${formatWeight(parts.css)}, JavaScript ${formatWeight(parts.js)}, pictures ${formatWeight(parts.pictures)}${parts.other > 0 ? `, the icon and other files ${formatWeight(parts.other)}` : ''}`;
  const later = weight.laterSlides > 0 ? ` The pictures of ${weight.laterSlides} later ${weight.laterSlides === 1 ? 'slide come' : 'slides come'} only when shown.` : '';
  const summary = (
    <Text size="sm" data-testid="page-weight" data-bytes={weight.total}>
      <Text component="span" size="sm" fw={600}>{`${formatWeight(weight.total)} on a phone`}</Text>
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
