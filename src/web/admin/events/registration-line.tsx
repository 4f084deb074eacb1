/** Under an event on the events list: its places taken and waitlist, and the way to its registrations (only when it takes registrations). */
import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { registrationsScreenPathOf } from '../../../shared/staff-screens.js';
import { registrationCountsQuery } from './api.js';
import { placesLine } from './words.js';

export function RegistrationLine({ eventId, title }: { eventId: string; title: string }) {
  // One request for the whole list: every row reads the same query.
  const counts = useQuery(registrationCountsQuery());
  const mine = counts.data?.[eventId];
  if (!mine) return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="xs" c="dimmed" data-testid="registration-line">
        {placesLine(mine, mine.places, mine.waitlisted > 0)}
      </Text>
      <Anchor component={Link} to={registrationsScreenPathOf(eventId)} size="xs" aria-label={`Registrations for “${title}”`}>
        Registrations
      </Anchor>
    </Group>
  );
}
