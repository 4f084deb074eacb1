/**
 * /event-registrations/:id (staff): who registered for one event. The counts
 * (confirmed of the places, waitlist, cancelled, attended), the people by
 * state, each confirmed one with an "Attended" box big enough for a thumb at
 * the door, a waitlisted one confirmed by hand, anyone's registration
 * cancelled (a confirmed place then goes to the first on the waitlist, on the
 * server). Above: the CSV file, a mail to everyone registered, and a
 * check-in sheet to print (the screen's other parts are left off the paper).
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title, useMatches } from '@mantine/core';
import { eventRegistrationLimits, type Registration, type RegistrationsAnswer, type RegistrationState } from '../../../shared/events.js';
import { formPathOf } from '../../../shared/routes.js';
import { LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { StaffModal } from '../content/staff-modal.js';
import { DownloadButton } from '../content/download-button.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { formatWhen } from '../backups/format.js';
import { publishedGreen } from '../theme.js';
import { changeRegistration, downloadRegistrationsCsv, mailRegistered, registrationKeys, registrationsErrorMessage, registrationsQuery } from './api.js';
import { placesLine, stateLabel } from './words.js';

type Shown = RegistrationState | 'all';

/** Dark enough for small text (the Published badge's green and its AA partners); the word says it, the colour only helps. */
const stateColour: Record<RegistrationState, { color: string; variant: 'filled' | 'light' | 'outline' }> = {
  confirmed: { color: publishedGreen, variant: 'filled' },
  waitlisted: { color: '#8a4b00', variant: 'outline' },
  cancelled: { color: 'gray', variant: 'light' },
};

function RegistrationRow({ eventId, registration, timeZone, onCancel }: { eventId: string; registration: Registration; timeZone: string; onCancel(r: Registration): void }) {
  const client = useQueryClient();
  const [error, setError] = useState('');
  const change = useMutation({
    mutationFn: (c: { attended?: boolean; state?: RegistrationState }) => changeRegistration(eventId, registration.id, c),
    onMutate: () => setError(''),
    onError: (err) => setError(registrationsErrorMessage(err)),
    onSettled: () => client.invalidateQueries({ queryKey: registrationKeys.all }),
  });
  const who = registration.name ?? registration.email;
  return (
    <li>
      <Paper withBorder p="sm" radius="md" data-testid="registration" data-state={registration.state}>
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {who}
              </Text>
              {registration.name && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {registration.email}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                Registered {formatWhen(registration.createdAt, timeZone)}
              </Text>
            </div>
            <Badge color={stateColour[registration.state].color} variant={stateColour[registration.state].variant} bg={stateColour[registration.state].variant === 'outline' ? 'white' : undefined} tt="none">
              {stateLabel(registration.state, registration.waitlistPosition)}
            </Badge>
          </Group>
          <Group gap="sm" wrap="wrap">
            {registration.state === 'confirmed' && (
              <Checkbox
                size="lg"
                label="Attended"
                aria-label={`Attended: ${who}`}
                checked={registration.attendedAt !== null}
                // Ignored, not disabled, while it saves: the box keeps keyboard focus.
                onChange={(e) => !change.isPending && change.mutate({ attended: e.currentTarget.checked })}
              />
            )}
            {registration.state === 'waitlisted' && (
              <Button variant="light" size="sm" onClick={() => !change.isPending && change.mutate({ state: 'confirmed' })} aria-label={`Confirm from the waitlist: ${who}`}>
                Confirm from the waitlist
              </Button>
            )}
            {registration.state !== 'cancelled' && (
              <Button variant="subtle" color="red" size="sm" onClick={() => onCancel(registration)} aria-label={`Cancel registration: ${who}`}>
                Cancel registration
              </Button>
            )}
          </Group>
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Paper>
    </li>
  );
}

function MailDialog({ eventId, opened, onClose, onSent }: { eventId: string; opened: boolean; onClose(): void; onSent(n: number): void }) {
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [includeWaitlist, setIncludeWaitlist] = useState(false);
  const send = useMutation({
    mutationFn: () => mailRegistered(eventId, { subject, text, includeWaitlist }),
    onSuccess: (n) => {
      setSubject('');
      setText('');
      onSent(n);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!send.isPending) send.mutate();
  };
  return (
    <StaffModal opened={opened} title="Mail everyone registered" onClose={onClose}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">Each person gets the mail on their own, with the event’s name and date. Say what changed, for example the room.</Text>
          <TextInput label="Subject" required value={subject} maxLength={eventRegistrationLimits.mailSubject} onChange={(e) => setSubject(e.currentTarget.value)} />
          <Textarea label="Message" required autosize minRows={5} value={text} maxLength={eventRegistrationLimits.mailText} onChange={(e) => setText(e.currentTarget.value)} />
          <Checkbox label="Also the people on the waitlist" checked={includeWaitlist} onChange={(e) => setIncludeWaitlist(e.currentTarget.checked)} />
          {send.isError && (
            <Text size="sm" c="red.8" role="alert">
              {registrationsErrorMessage(send.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffModal>
  );
}

/** The sheet to tick at the door: confirmed people by name, printed without the rest of the screen. */
function CheckInSheet({ data, timeZone }: { data: RegistrationsAnswer; timeZone: string }) {
  const confirmed = data.registrations.filter((r) => r.state === 'confirmed').sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email));
  return (
    <section className="print-only" aria-label="Check-in sheet">
      <h1>{data.event.title}</h1>
      <p>
        {formatWhen(data.event.startsAt, timeZone)} · {confirmed.length} confirmed
      </p>
      <table className="check-in-sheet">
        <thead>
          <tr>
            <th scope="col">Here</th>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
          </tr>
        </thead>
        <tbody>
          {confirmed.map((r) => (
            <tr key={r.id}>
              <td>{r.attendedAt ? '✓' : '☐'}</td>
              <td>{r.name ?? ''}</td>
              <td>{r.email}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function RegistrationsScreen() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const { timeZone } = useSiteTimeZone();
  const query = useQuery(registrationsQuery(id));
  const [shown, setShown] = useState<Shown>('confirmed');
  const [cancelling, setCancelling] = useState<Registration | null>(null);
  const [mailing, setMailing] = useState(false);
  const [notice, setNotice] = useState('');
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const cancel = useMutation({
    mutationFn: (r: Registration) => changeRegistration(id, r.id, { state: 'cancelled' }),
    onSuccess: () => setCancelling(null),
    onSettled: () => client.invalidateQueries({ queryKey: registrationKeys.all }),
  });

  if (query.isPending) {
    return (
      <Screen>
        <Loader aria-label="Loading the registrations" />
      </Screen>
    );
  }
  if (query.isError) {
    return (
      <Screen>
        <LoadFailed title="The registrations could not be loaded" error={new Error(registrationsErrorMessage(query.error))} onRetry={() => void query.refetch()} />
      </Screen>
    );
  }
  const data = query.data;
  const { counts, event } = data;
  const list = data.registrations.filter((r) => shown === 'all' || r.state === shown);
  return (
    <Screen>
      <Stack gap="lg" className="no-print">
        <Anchor component={Link} to={formPathOf('thirdevents', event.id)} size="sm">
          ← Back to the event
        </Anchor>
        <ScreenHeading title={`Registrations: ${event.title}`}>
          {formatWhen(event.startsAt, timeZone)}. Private: the names and addresses here are for running the event only.
        </ScreenHeading>
        <Text fw={600} data-testid="registration-counts">
          {placesLine(counts, event.places, event.waitlist)}
        </Text>
        {notice && (
          <Alert color="green" withCloseButton closeButtonLabel="Dismiss this notice" onClose={() => setNotice('')} role="status">
            {notice}
          </Alert>
        )}
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DownloadButton label="Download CSV" run={(signal) => downloadRegistrationsCsv(id, signal)} errorMessage={registrationsErrorMessage} />
          <Button variant="default" onClick={() => window.print()}>
            Print check-in sheet
          </Button>
          <Button variant="default" onClick={() => setMailing(true)} disabled={counts.confirmed + counts.waitlisted === 0}>
            Mail everyone registered
          </Button>
        </Group>
        <SegmentedControl
          aria-label="Show"
          value={shown}
          onChange={(v) => setShown(v as Shown)}
          data={[
            { value: 'confirmed', label: `Confirmed (${counts.confirmed})` },
            { value: 'waitlisted', label: `Waitlist (${counts.waitlisted})` },
            { value: 'cancelled', label: `Cancelled (${counts.cancelled})` },
            { value: 'all', label: 'All' },
          ]}
          fullWidth
          // Stacked on a phone: four states side by side do not fit 375 px.
          orientation={orientation}
          style={{ maxWidth: 640 }}
        />
        <section aria-labelledby="registrations-heading">
          <Title order={2} size="h4" id="registrations-heading" mb="xs">
            {shown === 'all' ? 'Everyone' : stateLabel(shown, null)}
          </Title>
          {list.length === 0 ? (
            <Text size="sm" data-testid="registrations-none">
              {data.registrations.length === 0 ? 'Nobody has registered yet. The event’s page takes registrations while they are open.' : 'Nobody here.'}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" className="plain-list">
              {list.map((r) => (
                <RegistrationRow key={r.id} eventId={id} registration={r} timeZone={timeZone} onCancel={setCancelling} />
              ))}
            </Stack>
          )}
        </section>
      </Stack>
      <CheckInSheet data={data} timeZone={timeZone} />
      <MailDialog
        eventId={id}
        opened={mailing}
        onClose={() => setMailing(false)}
        onSent={(n) => {
          setMailing(false);
          setNotice(`${n === 1 ? '1 mail is' : `${n} mails are`} on their way.`);
        }}
      />
      <StaffModal opened={cancelling !== null} title="Cancel this registration?" onClose={() => setCancelling(null)}>
        <Stack gap="sm">
          <Text size="sm">
            {cancelling?.name ?? cancelling?.email} loses their place{cancelling?.state === 'confirmed' && event.waitlist ? '; the first person on the waitlist gets it and is told by mail' : ''}.
          </Text>
          {cancel.isError && (
            <Text size="sm" c="red.8" role="alert">
              {registrationsErrorMessage(cancel.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              Keep it
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancelling && cancel.mutate(cancelling)}>
              Cancel registration
            </Button>
          </Group>
        </Stack>
      </StaffModal>
    </Screen>
  );
}
